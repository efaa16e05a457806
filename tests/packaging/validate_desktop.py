#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The desktop integration files (issue 45).

  validate_desktop.py SOURCE_DIR

packaging/schedule-explorer.desktop passes desktop-file-validate and opens
the project's MIME types; the AppStream metainfo passes `appstreamcli
validate --no-net`; the MIME XML is compiled by update-mime-database into a
scratch data folder, where GIO (as a file manager asks it) names every
sample and conformance kernel a kernel and a saved session a session, while
plain JSON stays JSON.
"""
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile

src = sys.argv[1]
pkg = os.path.join(src, "packaging")
failures = []
kernel_type = "application/x-schedule-explorer-kernel"
session_type = "application/x-schedule-explorer-session"


def run(args, **kw):
    r = subprocess.run(args, capture_output=True, text=True, timeout=120, **kw)
    if r.returncode != 0:
        failures.append("%s: exit %d\n%s%s" % (" ".join(args), r.returncode, r.stdout, r.stderr))
    return r


desktop = os.path.join(pkg, "schedule-explorer.desktop")
r = run(["desktop-file-validate", desktop])
if r.stdout.strip():
    failures.append("desktop-file-validate says:\n" + r.stdout)
mime_line = [l for l in open(desktop) if l.startswith("MimeType=")]
if mime_line != ["MimeType=%s;%s;\n" % (kernel_type, session_type)]:
    failures.append("the .desktop file's MimeType: %r" % mime_line)

for metainfo in glob.glob(os.path.join(pkg, "*.metainfo.xml")):
    run(["appstreamcli", "validate", "--no-net", metainfo])
    text = open(metainfo).read()
    for want in ["<launchable type=\"desktop-id\">schedule-explorer.desktop</launchable>",
                 "<mediatype>%s</mediatype>" % kernel_type, "<mediatype>%s</mediatype>" % session_type,
                 "<content_rating"]:
        if want not in text:
            failures.append("%s lacks %s" % (os.path.basename(metainfo), want))
    # A software centre finds the metainfo by its id.
    cid = text.split("<id>")[1].split("</id>")[0]
    if os.path.basename(metainfo) != cid + ".metainfo.xml":
        failures.append("%s does not carry the id %s in its name" % (metainfo, cid))

with tempfile.TemporaryDirectory() as data:
    os.makedirs(os.path.join(data, "mime", "packages"))
    shutil.copy(os.path.join(pkg, "schedule-explorer-mime.xml"),
                os.path.join(data, "mime", "packages", "schedule-explorer.xml"))
    r = run(["update-mime-database", os.path.join(data, "mime")])
    if "error" in r.stderr.lower() or "warning" in r.stderr.lower():
        failures.append("update-mime-database: " + r.stderr)
    env = dict(os.environ, XDG_DATA_HOME=data, XDG_DATA_DIRS=data + ":/usr/share")

    def content_type(path):
        r = run(["gio", "info", "-a", "standard::content-type", path], env=env)
        for line in r.stdout.splitlines():
            if "standard::content-type:" in line:
                return line.split("standard::content-type:")[1].strip()
        return None

    kernels = sorted(glob.glob(os.path.join(src, "sample-kernels", "*.json"))
                     + glob.glob(os.path.join(src, "tests", "data", "conformance", "kernels", "*.json")))
    if len(kernels) < 10:
        failures.append("only %d kernels found" % len(kernels))
    for k in kernels:
        t = content_type(k)
        if t != kernel_type:
            failures.append("%s: %s" % (os.path.relpath(k, src), t))
    # A kernel with many tensors reaches its "body" late: its first shape
    # must do.
    many = {"version": 1, "name": "many", "params": [],
            "tensors": [{"name": "T%d" % i, "shape": [4]} for i in range(2000)], "body": []}
    session = {"deps": "may", "edits": [], "kernel": "k.json", "params": {}, "schedule": None,
               "session": "schedule-explorer", "version": 1}
    with tempfile.TemporaryDirectory() as files:
        cases = [("many.json", many, kernel_type), ("saved.json", session, session_type),
                 ("k.session.json", session, session_type), ("plain.json", {"tensors": 1, "x": [1]},
                                                            "application/json")]
        for name, doc, want in cases:
            path = os.path.join(files, name)
            with open(path, "w") as f:
                json.dump(doc, f, indent=1)
            t = content_type(path)
            if t != want:
                failures.append("%s: %s, expected %s" % (name, t, want))

for f in failures:
    print("FAIL", f)
print("%d failures" % len(failures))
sys.exit(1 if failures else 0)
