#!/usr/bin/env python3
"""The installation and the Debian package (issue 13).

  check_install.py BUILD_DIR CMAKE CPACK GUI(ON|OFF)

`cmake --install` into a scratch DESTDIR must put the binaries, the man
pages (one section per schedule-tool command), the shell completions, the
Debian copyright file (DEP-5, the text of LICENSE), the .desktop file, its
MIME types, AppStream metainfo and icons (with the GUI) and the samples in
their FHS places, and the installed tool must run. `cpack -G DEB` must
build a package whose dependencies name the shared libraries the binaries
link (isl, Graphviz; Qt with the GUI) and whose file list has the same
files.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

build, cmake, cpack, gui = sys.argv[1:5]
gui = gui.upper() in ("ON", "1", "TRUE", "YES")
failures = []
files = ["usr/bin/schedule-tool", "usr/share/man/man1/schedule-tool.1",
         "usr/share/schedule-explorer/samples/jacobi_1d.json",
         "usr/share/schedule-explorer/samples/schedules/jacobi_1d.fuse.map",
         "usr/share/doc/schedule-explorer/schema/check.schema.json",
         "usr/share/doc/schedule-explorer/copyright",
         "usr/share/bash-completion/completions/schedule-tool",
         "usr/share/zsh/vendor-completions/_schedule-tool",
         "usr/share/fish/vendor_completions.d/schedule-tool.fish"]
if gui:
    files += ["usr/bin/schedule-explorer", "usr/share/man/man1/schedule-explorer.1",
              "usr/share/applications/schedule-explorer.desktop",
              "usr/share/mime/packages/schedule-explorer.xml",
              "usr/share/metainfo/org.example.ScheduleExplorer.metainfo.xml",
              "usr/share/icons/hicolor/scalable/apps/schedule-explorer.svg"]
    # Drawn from the SVG when rsvg-convert (librsvg2-bin) is there, as
    # tools/install-deps.sh makes sure.
    if shutil.which("rsvg-convert"):
        files += ["usr/share/icons/hicolor/%dx%d/apps/schedule-explorer.png" % (n, n)
                  for n in (16, 32, 48, 64, 128, 256)]

with tempfile.TemporaryDirectory() as root:
    r = subprocess.run([cmake, "--install", build, "--prefix", "/usr"], capture_output=True, text=True,
                       env=dict(os.environ, DESTDIR=root), timeout=300)
    if r.returncode != 0:
        failures.append("cmake --install failed: %s" % r.stderr[-500:])
    for f in files:
        if not os.path.isfile(os.path.join(root, f)):
            failures.append("not installed: /%s" % f)
    tool = os.path.join(root, "usr/bin/schedule-tool")
    if os.path.isfile(tool):
        v = subprocess.run([tool, "--version"], capture_output=True, text=True)
        if v.returncode != 0 or not v.stdout.startswith("schedule-tool "):
            failures.append("the installed schedule-tool --version: %r" % v.stdout)
    man = os.path.join(root, "usr/share/man/man1/schedule-tool.1")
    if os.path.isfile(man):
        text = open(man).read()
        for c in ["check", "deps", "tree", "codegen", "apply", "suggest", "moves", "export-jscop"]:
            if not re.search(r"^\.SS %s$" % re.escape(c), text, re.M):
                failures.append("schedule-tool.1 has no section for %s" % c)
        if "--schedule FILE" not in text:
            failures.append("schedule-tool.1 does not carry the commands' help text")
    copyright = os.path.join(root, "usr/share/doc/schedule-explorer/copyright")
    if os.path.isfile(copyright):
        text = open(copyright).read()
        license = open(os.path.join(os.path.dirname(__file__), "..", "..", "LICENSE")).read()
        body = license[license.index("Permission is hereby granted"):].strip()
        # DEP-5: the license text as continuation lines, a blank line as " .".
        folded = "\n".join(" " + (l if l else ".") for l in body.split("\n"))
        if not text.startswith("Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n"):
            failures.append("the copyright file is not in the DEP-5 format:\n" + text[:200])
        if "\nFiles: *\nCopyright: " not in text or "\nLicense: MIT\n" + folded not in text:
            failures.append("the copyright file does not carry LICENSE:\n" + text)
    desktop = os.path.join(root, "usr/share/applications/schedule-explorer.desktop")
    if gui and os.path.isfile(desktop):
        d = open(desktop).read()
        for key in ["Exec=schedule-explorer", "Icon=schedule-explorer", "Type=Application"]:
            if key not in d:
                failures.append("the .desktop file lacks %s" % key)

with tempfile.TemporaryDirectory() as out:
    r = subprocess.run([cpack, "-G", "DEB", "--config", os.path.join(build, "CPackConfig.cmake"), "-B", out],
                       capture_output=True, text=True, timeout=900)
    debs = [f for f in os.listdir(out) if f.endswith(".deb")]
    if r.returncode != 0 or len(debs) != 1:
        failures.append("cpack -G DEB: exit %d, packages %r: %s" % (r.returncode, debs, (r.stdout + r.stderr)[-800:]))
    else:
        deb = os.path.join(out, debs[0])
        info = subprocess.run(["dpkg-deb", "--info", deb], capture_output=True, text=True).stdout
        depends = re.search(r"^ Depends: (.*)$", info, re.M)
        depends = depends.group(1) if depends else ""
        want = ["libc6", "libisl23", "libgvc6", "libcgraph6"] + (["libqt6widgets6", "libqt6svg6"] if gui else [])
        for pkg in want:
            if not re.search(r"(^|, )%s( |,|$)" % re.escape(pkg), depends):
                failures.append("the package does not depend on %s (Depends: %s)" % (pkg, depends))
        if not re.search(r"^ Package: schedule-explorer$", info, re.M):
            failures.append("the package is not named schedule-explorer:\n" + info)
        listing = subprocess.run(["dpkg-deb", "-c", deb], capture_output=True, text=True).stdout
        for f in files:
            if not re.search(r" \./%s$" % re.escape(f), listing, re.M):
                failures.append("not in the package: /%s" % f)
        print(info)

for f in failures:
    print("FAIL", f)
print("%d failures" % len(failures))
sys.exit(1 if failures else 0)
