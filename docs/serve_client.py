#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""An autotuning loop over `schedule-tool serve`: one process, one
dependence analysis, many candidate schedules.

  python3 docs/serve_client.py [SCHEDULE_TOOL] [KERNEL]

The sample kernel is sample-kernels/jacobi_1d.json (two statements,
s0 and s1, in a time loop t). Each candidate fuses the two i loops and
shifts s1 by `shift` iterations, optionally tiling i by `tile` (strip-mining:
[t, floor(i/tile), i]). serve answers with the legality verdict; the
client keeps the legal candidates, which a real tuner would then time.

A round of candidates is sent at once: serve checks requests that wait on
several threads (`--jobs`, default the machine's cores up to 4) and answers
in the order asked. A thread writes the requests while the answers are read,
so neither pipe fills up.
"""
import json
import os
import subprocess
import sys
import threading

here = os.path.dirname(os.path.abspath(__file__))
tool = sys.argv[1] if len(sys.argv) > 1 else "schedule-tool"
kernel = sys.argv[2] if len(sys.argv) > 2 else os.path.join(here, "..", "sample-kernels", "jacobi_1d.json")


def candidate(shift, tile):
    """An isl union map: s1 runs `shift` iterations of i after s0."""
    if tile == 1:
        return ("[T, N] -> { s0[t, i] -> [t, i, 0]; s1[t, i] -> [t, i + %d, 1] }" % shift)
    return ("[T, N] -> { s0[t, i] -> [t, floor(i / %d), i, 0]; "
            "s1[t, i] -> [t, floor((i + %d) / %d), i + %d, 1] }" % (tile, shift, tile, shift))


# --param fixes T so that the dependences are counted exactly.
proc = subprocess.Popen([tool, "serve", kernel, "--param", "T=4"], stdin=subprocess.PIPE,
                        stdout=subprocess.PIPE, text=True, bufsize=1)


def ask_all(requests):
    """One answer line per request, in the order asked."""
    def send():
        for r in requests:
            proc.stdin.write(json.dumps(r) + "\n")
        proc.stdin.flush()
    writer = threading.Thread(target=send)
    writer.start()
    answers = [json.loads(proc.stdout.readline()) for _ in requests]
    writer.join()
    return answers


legal = []
round_ = [{"id": {"shift": shift, "tile": tile}, "schedule": candidate(shift, tile)}
          for shift in range(-1, 3) for tile in (1, 4, 16)]
for answer in ask_all(round_):
    shift, tile = answer["id"]["shift"], answer["id"]["tile"]
    if "error" in answer:
        print("shift %2d tile %2d: error: %s" % (shift, tile, answer["error"]))
    elif answer["legal"]:
        legal.append(answer["id"])
        print("shift %2d tile %2d: legal" % (shift, tile))
    else:
        print("shift %2d tile %2d: illegal (%d violated edges)" % (shift, tile, len(answer["violations"])))
proc.stdin.close()  # EOF ends the session
proc.wait()
print("legal candidates:", legal)
