#!/usr/bin/env python3
"""The dashboard as a terminal sees it (DESIGN §8), the real binary in a 200x50 pseudo-terminal:

- launch to first frame: from fork to the end of the first synchronized-output frame;
- fetch + parse + show 100k contacts: from pressing 6 (Contacts) to the title showing the count;
- bytes written while idle (5 s on the Contacts pane), and for one selection move (j);
- peak memory (max RSS) of the dashboard holding the 100k contacts.

Usage: scripts/measure-tui.py BINARY [RUNS]
The environment must name a simulator at scale 100 (OUTREACH_BASE_URL, OUTREACH_API_KEY);
scripts/bench-commands.sh starts one and calls this script. Python 3 standard library only.
"""
import fcntl
import os
import pty
import select
import signal
import statistics
import struct
import sys
import termios
import time

FRAME_END = b"\x1b[?2026l"  # end of a synchronized update: a frame is complete
COLS, ROWS = 200, 50


class Dashboard:
    def __init__(self, binary):
        self.started = time.monotonic()
        pid, fd = pty.fork()
        if pid == 0:
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
            os.environ["TERM"] = "xterm-256color"
            os.execv(binary, [binary])
        self.pid, self.fd, self.seen = pid, fd, bytearray()

    def read_for(self, seconds, until=None):
        """Bytes read within `seconds`, stopping early once `until` appears in them."""
        got, deadline = bytearray(), time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            ready, _, _ = select.select([self.fd], [], [], left)
            if not ready:
                break
            try:
                chunk = os.read(self.fd, 65536)
            except OSError:
                break
            got += chunk
            self.seen += chunk
            if until is not None and until in got:
                break
        return bytes(got)

    def wait_for(self, marker, seconds=30):
        got = self.read_for(seconds, until=marker)
        if marker not in got:
            raise SystemExit(f"no {marker!r} within {seconds} s; last output: {bytes(self.seen[-400:])!r}")
        return time.monotonic()

    def settle(self, quiet=1.0, limit=30):
        """Reads until nothing arrives for `quiet` seconds."""
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline and self.read_for(quiet):
            pass

    def press(self, key):
        os.write(self.fd, key)
        return time.monotonic()

    def close(self):
        self.press(b"q")
        self.read_for(2)
        try:
            os.kill(self.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        _, _, usage = os.wait4(self.pid, 0)
        os.close(self.fd)
        return usage.ru_maxrss  # KiB on Linux


def main():
    binary = sys.argv[1]
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    first_frames, shows, idle, moves, peaks = [], [], [], [], []
    for _ in range(runs * 4):
        dash = Dashboard(binary)
        first_frames.append((dash.wait_for(FRAME_END) - dash.started) * 1000)
        dash.close()
    for _ in range(runs):
        dash = Dashboard(binary)
        dash.wait_for(FRAME_END)
        dash.settle()
        pressed = dash.press(b"6")
        shows.append((dash.wait_for(b" 100000") - pressed) * 1000)
        dash.settle()
        idle.append(len(dash.read_for(5)))
        for _ in range(3):
            dash.press(b"j")
            moves.append(len(dash.read_for(0.5)))
        peaks.append(dash.close())
    def ms(xs):
        return f"median {statistics.median(xs):.1f} ms, min {min(xs):.1f} ms ({len(xs)} runs)"

    print(f"launch to first frame: {ms(first_frames)}")
    print(f"press 6 to 100k contacts shown: {ms(shows)}")
    print(f"bytes while idle for 5 s: max {max(idle)} ({len(idle)} runs)")
    print(f"bytes for one selection move (j): max {max(moves)}, median {statistics.median(moves)}")
    print(f"peak RSS of the dashboard showing 100k contacts: {max(peaks) / 1024:.0f} MiB")


if __name__ == "__main__":
    main()
