#!/usr/bin/env python3
"""The dashboard's memory when a large contact list is read again (docs/PERFORMANCE.md, 1M).

Usage: scripts/measure-reload.py BINARY COUNT

The environment must name a simulator holding COUNT contacts (OUTREACH_BASE_URL,
OUTREACH_API_KEY), e.g. `outreach sim --seed 7 --scale 1000`. The dashboard runs in a
pseudo-terminal (scripts/measure-tui.py's driver): 6 s idle, `6` until the count shows, 10 s,
then `r` on the Contacts pane and 15 s. Prints VmHWM/VmRSS before the contacts, once they are
loaded and settled, and after `r`, with the RSS sampled every 0.1 s meanwhile: whether `r`
holds the old list beside the new one shows as a second hump above the loaded level.
"""
import importlib.util
import os
import sys
import threading
import time

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("measure_tui", os.path.join(here, "measure-tui.py"))
tui = importlib.util.module_from_spec(spec)
spec.loader.exec_module(tui)


def memory(pid):
    """VmHWM and VmRSS of `pid`, in MiB."""
    found = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            key = line.split(":")[0]
            if key in ("VmHWM", "VmRSS"):
                found[key] = int(line.split()[1]) // 1024
    return found


def main():
    binary, count = sys.argv[1], sys.argv[2]
    dash = tui.Dashboard(binary)
    dash.wait_for(tui.FRAME_END)
    dash.read_for(6)
    print("before the contacts:", memory(dash.pid), flush=True)
    dash.press(b"6")
    dash.wait_for(f" {count}".encode())
    dash.read_for(10)
    print("loaded and settled:", memory(dash.pid), flush=True)
    samples, stop = [], threading.Event()

    def sample():
        start = time.monotonic()
        while not stop.is_set():
            samples.append((time.monotonic() - start, memory(dash.pid)["VmRSS"]))
            time.sleep(0.1)

    sampler = threading.Thread(target=sample)
    sampler.start()
    dash.press(b"r")
    dash.read_for(15)
    stop.set()
    sampler.join()
    print("after r:", memory(dash.pid), flush=True)
    print("RSS (s:MiB) after r:", " ".join(f"{at:.1f}:{rss}" for at, rss in samples[::3]))
    dash.close()


if __name__ == "__main__":
    main()
