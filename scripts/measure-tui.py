#!/usr/bin/env python3
"""The dashboard as a terminal sees it (budgets in docs/PERFORMANCE.md), the real binary in a
200x50 pseudo-terminal:

- launch to first frame: from fork to the end of the first synchronized-output frame;
- press 6 -> COUNT contacts shown: from pressing 6 (Contacts) to the title showing the count;
  with TRANSFER (a command, run without a shell: the bare transfer of the list) set, also over that
  transfer timed just before each press, so a slow minute falls on both sides of the ratio;
- frozen: the longest a key waited for its frame while the list loaded and was indexed (a
  `j` is pressed every 25 ms from pressing 6 until the list is searchable);
- keystroke -> filtered frame: typing `a`, `an`, `ann`, `anna`, then backspace, each from the
  key to the last frame it causes (the frame with the search's answer);
- keys after the load: `j`/`k` pressed 20 times, each from the key to its frame;
- bytes written while idle (5 s on the Contacts pane), and for one selection move (j);
- peak memory (max RSS) of the dashboard holding the list;
- keys during the first look: a dashboard on a fresh local state (no chain remembered), on
  the Exchanges pane, `j`/`k` every 25 ms for FIRST_LOOK_SECONDS (default 15) from its first
  frame, while it reads the hot replies' chains and counts the inbox again as they come.

After the count shows, the title says "indexing N%" (a frame per chunk) until the list is
searchable; the script waits for the frames to stop before it types.

Usage: scripts/measure-tui.py BINARY [COUNT [RUNS]]   (COUNT defaults to 100000)
The environment must name a simulator holding COUNT contacts (OUTREACH_BASE_URL,
OUTREACH_API_KEY); scripts/bench-tui.sh starts one per scale and calls this script.
Prints one `name: value` line per figure. Python 3 standard library only.
"""
import fcntl
import os
import pty
import select
import shlex
import signal
import statistics
import subprocess
import struct
import sys
import tempfile
import termios
import time

FRAME_END = b"\x1b[?2026l"  # end of a synchronized update: a frame is complete
COLS, ROWS = 200, 50


class Dashboard:
    def __init__(self, binary, args=()):
        self.started = time.monotonic()
        pid, fd = pty.fork()
        if pid == 0:
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
            os.environ["TERM"] = "xterm-256color"
            os.execv(binary, [binary, *args])
        self.pid, self.fd, self.seen = pid, fd, bytearray()
        self.frames = []  # monotonic time of each frame end seen

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
            now = time.monotonic()
            self.frames.extend([now] * chunk.count(FRAME_END))
            got += chunk
            self.seen += chunk
            if until is not None and until in got:
                break
        return bytes(got)

    def wait_for(self, marker, seconds=60):
        got = self.read_for(seconds, until=marker)
        if marker not in got:
            raise SystemExit(f"no {marker!r} within {seconds} s; last output: {bytes(self.seen[-400:])!r}")
        return time.monotonic()

    def settle(self, quiet=1.0, limit=60):
        """Reads until nothing arrives for `quiet` seconds."""
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline and self.read_for(quiet):
            pass

    def press(self, key):
        os.write(self.fd, key)
        return time.monotonic()

    def key_to_frame(self, key, limit=5.0):
        """Milliseconds from pressing `key` to the first frame after it."""
        pressed = self.press(key)
        self.wait_for(FRAME_END, limit)
        return (time.monotonic() - pressed) * 1000

    def key_to_last_frame(self, key, quiet=0.4):
        """Milliseconds from pressing `key` to the last frame it causes (a frame may come at
        once with the typed letter, and another with the search's answer)."""
        before = len(self.frames)
        pressed = self.press(key)
        self.read_for(quiet)
        while len(self.frames) > before and time.monotonic() - self.frames[-1] < quiet:
            self.read_for(quiet)
        if len(self.frames) == before:
            raise SystemExit(f"no frame after {key!r}")
        return (self.frames[-1] - pressed) * 1000

    def peak_kib(self):
        """The most memory the dashboard has held so far (VmHWM), in KiB."""
        with open(f"/proc/{self.pid}/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
        raise SystemExit("no VmHWM in /proc/PID/status")

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


def load(dash, count):
    """Presses 6 and returns (ms to the count shown, longest key wait while loading)."""
    marker = f" {count}".encode()
    pressed = dash.press(b"6")
    shown = (dash.wait_for(marker) - pressed) * 1000
    # While the rest is indexed, keys still get their frames.
    waits = []
    deadline = time.monotonic() + 3
    while time.monotonic() < deadline:
        waits.append(dash.key_to_frame(b"j" if len(waits) % 2 == 0 else b"k"))
        time.sleep(0.025)
    return shown, max(waits)


def transfer_now(command):
    """Milliseconds the bare transfer takes now, the median of three, less what starting a
    process costs this script (`true`, timed alike)."""

    def median_of_three(argv):
        taken = []
        for _ in range(3):
            start = time.monotonic()
            subprocess.run(argv, stdout=subprocess.DEVNULL, check=True)
            taken.append((time.monotonic() - start) * 1000)
        return statistics.median(taken)

    return median_of_three(shlex.split(command)) - median_of_three(["true"])


def first_look(binary, seconds):
    """Each key's wait for its frame during the first `seconds` of a dashboard that remembers
    no chain (a fresh local state): its first look reads every hot reply's chain meanwhile."""
    saved = os.environ.get("XDG_STATE_HOME")
    os.environ["XDG_STATE_HOME"] = tempfile.mkdtemp()
    try:
        dash = Dashboard(binary)
    finally:
        if saved is None:
            del os.environ["XDG_STATE_HOME"]
        else:
            os.environ["XDG_STATE_HOME"] = saved
    dash.wait_for(FRAME_END)
    dash.key_to_frame(b"3")
    waits = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        waits.append(dash.key_to_frame(b"j" if len(waits) % 2 == 0 else b"k"))
        time.sleep(0.025)
    dash.close()
    return waits


def main():
    binary = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 100000
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    first_frames, shows, frozen, idle, moves, peaks = [], [], [], [], [], []
    transfer = os.environ.get("TRANSFER")
    over_transfer = []
    typing = {name: [] for name in ["a", "an", "ann", "anna", "backspace"]}
    after = []
    for _ in range(runs * 4):
        dash = Dashboard(binary)
        first_frames.append((dash.wait_for(FRAME_END) - dash.started) * 1000)
        dash.close()
    for _ in range(runs):
        dash = Dashboard(binary)
        dash.wait_for(FRAME_END)
        dash.settle()
        before = transfer_now(transfer) if transfer else None
        shown, worst = load(dash, count)
        shows.append(shown)
        if before:
            over_transfer.append(shown / before)
        frozen.append(worst)
        dash.settle()
        idle.append(len(dash.read_for(5)))
        for _ in range(3):
            dash.press(b"j")
            moves.append(len(dash.read_for(0.5)))
        for _ in range(20):
            after.append(dash.key_to_frame(b"j"))
            after.append(dash.key_to_frame(b"k"))
        dash.key_to_frame(b"/")
        for name, key in [("a", b"a"), ("an", b"n"), ("ann", b"n"), ("anna", b"a"), ("backspace", b"\x7f")]:
            typing[name].append(dash.key_to_last_frame(key))
        dash.press(b"\x1b")
        dash.settle(0.5)
        peaks.append(dash.close())

    look = []
    for _ in range(runs):
        look.extend(first_look(binary, float(os.environ.get("FIRST_LOOK_SECONDS", "15"))))

    def ms(xs):
        return f"median {statistics.median(xs):.1f} ms, max {max(xs):.1f} ms ({len(xs)})"

    print(f"contacts: {count}")
    print(f"launch to first frame: {ms(first_frames)}")
    print(f"press 6 to contacts shown: {ms(shows)}")
    if over_transfer:
        ratios = ", ".join(f"{ratio:.1f}" for ratio in over_transfer)
        print(f"press 6 over the transfer timed just before: median {statistics.median(over_transfer):.1f}× ({ratios})")
    print(f"longest key wait while loading and indexing: {ms(frozen)}")
    for name, xs in typing.items():
        print(f"keystroke to filtered frame, {name}: {ms(xs)}")
    print(f"keys after the load (j/k): {ms(after)}")
    print(f"bytes while idle for 5 s: max {max(idle)} ({len(idle)} runs)")
    print(f"bytes for one selection move (j): max {max(moves)}, median {statistics.median(moves)}")
    print(f"peak RSS of the dashboard: {max(peaks) / 1024:.0f} MiB")
    print(f"keys during the first look (chains read, fresh state; j/k): {ms(look)}")


if __name__ == "__main__":
    main()
