#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""End to end through Polly: a C kernel -> schedule-tool (a schedule in
Polly's coordinates, judged legal or illegal) -> export-jscop -> opt-14
-polly-import-jscop -polly-codegen -> compiled with a driver and run -> its
output equals the original program's, bit for bit (%a, strict FP). An
illegal schedule: the tool says illegal and Polly refuses the same file.
The INTO cases start from the project's own kernel JSON for the same code,
with a schedule in the kernel's iterators, and put it into Polly's exported
file with `export-jscop --into`.

  polly_e2e.py SCHEDULE_TOOL DATA_DIR
"""
import glob, os, shutil, subprocess, sys, tempfile

CLANG = os.environ.get("SE_CLANG", "clang-14")
OPT = os.environ.get("SE_OPT", "opt-14")
CLANG_FLAGS = ["-O1", "-g", "-fno-discard-value-names", "-fno-math-errno", "-Xclang", "-disable-llvm-passes"]
POLLY_FLAGS = ["-polly-canonicalize", "-polly-process-unprofitable", "-polly-use-llvm-names"]
STRICT = ["-O0", "-ffp-contract=off", "-fno-fast-math"]

# (C kernel, schedule in Polly's statement names and loop counters, legal)
# or, for INTO cases, in the kernel JSON's names and iterators.
INTO = {"fdtd_2d": "fdtd_2d.json"}
CASES = [
    ("gemm", "interchange j and k",
     "[nj, nk, ni] -> { Stmt_for_body4[i0, i1] -> [i0, 0, i1, 0]; Stmt_for_body15[i0, i1, i2] -> [i0, 1, i2, i1] }",
     True),
    ("jacobi_1d", "fused, the copy shifted by one",
     "[n, tsteps] -> { Stmt_for_body4[i0, i1] -> [i0, i1, 0]; Stmt_for_body19[i0, i1] -> [i0, i1 + 1, 1] }", True),
    ("jacobi_1d", "fused without the shift",
     "[n, tsteps] -> { Stmt_for_body4[i0, i1] -> [i0, i1, 0]; Stmt_for_body19[i0, i1] -> [i0, i1, 1] }", False),
    ("seidel_2d", "skewed, tiled 2x4x4, tiles in wavefronts",
     "[n, tsteps] -> { Stmt_for_body10[i0, i1, i2] -> [floor(i0/2) + floor((i0 + i1)/4) + floor((2i0 + i1 + i2)/4),"
     " floor((i0 + i1)/4), floor((2i0 + i1 + i2)/4), i0, i0 + i1, 2i0 + i1 + i2] }", True),
    ("seidel_2d", "interchanged t and i",
     "[n, tsteps] -> { Stmt_for_body10[i0, i1, i2] -> [i1, i0, i2] }", False),
    ("fdtd_2d", "ey and hz fused",
     "[ny, nx, tmax] -> { Stmt_for_body4[i0, i1] -> [i0, 0, i1, 0, 0]; Stmt_for_body16[i0, i1, i2] -> [i0, 2, i1, i2, 0];"
     " Stmt_for_body49[i0, i1, i2] -> [i0, 1, i1, i2, 0]; Stmt_for_body85[i0, i1, i2] -> [i0, 2, i1, i2, 1] }", True),
    ("fdtd_2d", "kernel JSON, ey at i fused with hz at i - 1, --into Polly's file",
     "[tmax, nx, ny] -> { s0[t, j] -> [t, 0, j, 0, 0]; s1[t, i, j] -> [t, 2, i - 1, j, 0];"
     " s2[t, i, j] -> [t, 1, i, j, 0]; s3[t, i, j] -> [t, 2, i, j, 1] }", True),
    ("fdtd_2d", "kernel JSON, hz before ey, --into Polly's file",
     "[tmax, nx, ny] -> { s0[t, j] -> [t, 0, j, 0, 0]; s1[t, i, j] -> [t, 3, i, j, 0];"
     " s2[t, i, j] -> [t, 1, i, j, 0]; s3[t, i, j] -> [t, 2, i, j, 0] }", False),
]


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def need(tool, package):
    if shutil.which(tool) is None:
        sys.exit("polly_e2e: %s is not on PATH: install the Debian package %s (tools/install-deps.sh)" % (tool, package))


def main():
    tool, data = sys.argv[1], sys.argv[2]
    need(CLANG, "clang-14")
    need(OPT, "llvm-14")
    passed = failed = 0
    refs = {}
    for name, what, schedule, legal in CASES:
        label = "%s (%s)" % (name, what)
        into = "--into" in what
        errors = []
        with tempfile.TemporaryDirectory(prefix="se-polly-") as tmp:
            src = os.path.join(data, name + ".c")
            driver = os.path.join(data, name + "_main.c")
            smap = os.path.join(tmp, "schedule.map")
            with open(smap, "w") as f:
                f.write(schedule + "\n")
            # The tool's verdict.
            kernel = os.path.join(data, INTO[name]) if into else src
            check = run([tool, "check", kernel, "--schedule", smap])
            if check.returncode != (0 if legal else 1):
                errors.append("check exited %d, expected %d:\n%s%s" % (check.returncode, 0 if legal else 1,
                                                                       check.stdout[-2000:], check.stderr[-2000:]))
            # Polly's file name for the SCoP, from Polly's own export.
            ll = os.path.join(tmp, "kernel.ll")
            r = run([CLANG] + CLANG_FLAGS + ["-S", "-emit-llvm", "-o", ll, src])
            if r.returncode:
                errors.append("clang: " + r.stderr)
            expdir = os.path.join(tmp, "exported")
            os.mkdir(expdir)
            r = run([OPT] + POLLY_FLAGS + ["-polly-export-jscop", "-polly-import-jscop-dir=" + expdir,
                                           "-disable-output", ll])
            names = glob.glob(os.path.join(expdir, "*.jscop"))
            if len(names) != 1:
                errors.append("Polly exported %d SCoPs: %s" % (len(names), r.stderr))
            else:
                impdir = os.path.join(tmp, "import")
                os.mkdir(impdir)
                out = os.path.join(impdir, os.path.basename(names[0]))
                exp = run([tool, "export-jscop", kernel, "--schedule", smap, "--out", out]
                          + (["--into", names[0]] if into else []))
                if exp.returncode:
                    errors.append("export-jscop exited %d: %s" % (exp.returncode, exp.stderr))
                bc = os.path.join(tmp, "polly.ll")
                pol = run([OPT] + POLLY_FLAGS + ["-polly-import-jscop", "-polly-import-jscop-dir=" + impdir,
                                                 "-polly-codegen", "-S", "-o", bc, ll])
                if not legal:
                    if pol.returncode == 0 or "changes the dependences" not in pol.stderr:
                        errors.append("Polly accepted the illegal schedule (exit %d): %s" % (pol.returncode,
                                                                                              pol.stderr[-1500:]))
                elif pol.returncode:
                    errors.append("Polly refused the file (exit %d): %s" % (pol.returncode, pol.stderr[-1500:]))
                else:
                    if "polly.stmt" not in open(bc).read():
                        errors.append("Polly generated no code from the file")
                    prog = os.path.join(tmp, "prog")
                    r = run([CLANG] + STRICT + ["-o", prog, bc, driver, "-lm"])
                    if r.returncode:
                        errors.append("linking: " + r.stderr)
                    else:
                        got = run([prog]).stdout
                        if name not in refs:
                            ref = os.path.join(tmp, "ref")
                            r = run([CLANG] + STRICT + ["-o", ref, src, driver, "-lm"])
                            refs[name] = run([ref]).stdout if not r.returncode else None
                        if not got or got != refs[name]:
                            errors.append("the output differs from the original program's")
        if errors:
            failed += 1
            print("FAIL %s\n  %s" % (label, "\n  ".join(errors)))
        else:
            passed += 1
            print("ok   %s: %s" % (label, "legal, Polly's code gives the same output bit for bit" if legal
                                   else "illegal, and Polly refuses the same file"))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
