#!/usr/bin/env python3
"""The dashboard opened on an agency's group (`outreach --group NAME`), the real binary in a
200x50 pseudo-terminal driven by measure-tui.py's `Dashboard` (budgets in docs/PERFORMANCE.md):

- every line shown: from fork to the first frame in which every organisation's line shows
  its numbers (not "reading…", not a failure), read off the screen the frames draw;
- keys while they load: `j`/`k` pressed every 25 ms from the first frame until every line
  shows, each from the key to the frame that shows the cursor moved; and 20 more once every
  line shows;
- peak memory (VmHWM) of the group's dashboard once every line shows, against each single
  organisation's dashboard (`--profile P`, its Overview read) and their sum;
- the same with a group that holds one organisation more whose server never answers
  (`--far PROFILE`: its line is left out of "every line shown"; the time until it says it
  failed is given too).

Usage: scripts/measure-agency-tui.py BINARY GROUP PROFILES [--far PROFILE] [--runs N] [--singles]
PROFILES: the group's organisations that answer, comma-separated. The environment is the
agency's (scripts/bench-agency-tui.sh sets it up). Prints one `name: value` line per figure.
Python 3 standard library only.
"""
import importlib.util
import os
import re
import statistics
import sys
import time
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("measure_tui", os.path.join(HERE, "measure-tui.py"))
measure_tui = importlib.util.module_from_spec(spec)
spec.loader.exec_module(measure_tui)
Dashboard, FRAME_END, COLS, ROWS = (
    measure_tui.Dashboard,
    measure_tui.FRAME_END,
    measure_tui.COLS,
    measure_tui.ROWS,
)

# What the dashboard writes (src/tui/cell_writer.rs and the terminal's set-up): cursor
# moves, moves right, erased cells, styles, modes, OSC 8 links, and text.
TOKEN = re.compile(
    rb"\x1b\[([?0-9;]*)([A-Za-z@])|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][A-Za-z0-9]|\x1b[=>78]|([^\x1b]+)"
)


class Screen:
    """The cells the frames drew so far: enough of a terminal for the dashboard's output."""

    def __init__(self):
        self.cells = [[" "] * COLS for _ in range(ROWS)]
        self.row = self.col = 0
        self.read = 0  # bytes of the dashboard's output taken in

    def follow(self, seen):
        """Takes in the whole frames of `seen` not taken yet."""
        end = seen.rfind(FRAME_END)
        if end < self.read:
            return
        end += len(FRAME_END)
        for match in TOKEN.finditer(bytes(seen[self.read:end])):
            params, final, text = match.group(1), match.group(2), match.group(3)
            if text is not None:
                self.write(text.decode("utf-8", "replace"))
            elif final is not None:
                self.csi(params.decode(), final.decode())
        self.read = end

    def csi(self, params, final):
        if params.startswith("?"):
            return
        numbers = [int(n) if n else 0 for n in params.split(";")] if params else []
        first = numbers[0] if numbers else 0
        if final == "H":
            self.row = max(first, 1) - 1
            self.col = max(numbers[1] if len(numbers) > 1 else 1, 1) - 1
        elif final == "C":
            self.col += max(first, 1)
        elif final == "X":
            for col in range(self.col, min(self.col + max(first, 1), COLS)):
                self.cells[self.row][col] = " "
        elif final == "K":
            for col in range(self.col, COLS):
                self.cells[self.row][col] = " "
        elif final == "J" and first == 2:
            self.cells = [[" "] * COLS for _ in range(ROWS)]

    def write(self, text):
        for char in text:
            if char == "\r":
                self.col = 0
            elif char == "\n":
                self.row = min(self.row + 1, ROWS - 1)
            elif self.row < ROWS and self.col < COLS:
                self.cells[self.row][self.col] = char
                wide = unicodedata.east_asian_width(char) in "WF"
                self.col += 2 if wide else 1

    def lines(self):
        return ["".join(row) for row in self.cells]


def line_of(lines, profile):
    """The screen's line of `profile` (after the cursor's two-cell gutter)."""
    for line in lines:
        if line[2:].startswith(profile + " "):
            return line
    return None


def has_numbers(line):
    return line is not None and "reading…" not in line and "✗" not in line and "↻" not in line and any(
        c.isdigit() for c in line[2:].split(" ", 1)[1]
    )


def cursor_row(lines):
    """The screen row the group's cursor mark `›` is on."""
    for row, line in enumerate(lines):
        if line.startswith("›"):
            return row
    return None


def key_to_cursor(dash, screen, key, limit=5.0):
    """Milliseconds from pressing `key` (j or k) to the frame that shows the cursor moved:
    output already on its way is taken in first, so a frame made by an answer is not
    counted as the key's."""
    dash.read_for(0)
    screen.follow(dash.seen)
    before = cursor_row(screen.lines())
    want = None if before is None else before + (1 if key == b"j" else -1)
    pressed = dash.press(key)
    deadline = pressed + limit
    while time.monotonic() < deadline:
        dash.read_for(deadline - time.monotonic(), until=FRAME_END)
        screen.follow(dash.seen)
        if cursor_row(screen.lines()) == want:
            return (time.monotonic() - pressed) * 1000
    raise SystemExit(f"the cursor did not move on {key!r} within {limit} s")


def open_group(binary, group, profiles, far=None, limit=40.0):
    """Opens the group; returns (ms to every line shown, key waits while loading, key waits
    once loaded, peak KiB, ms to the far line's failure or None)."""
    dash = Dashboard(binary, ["--group", group])
    screen = Screen()
    dash.wait_for(FRAME_END)
    waits, shown, failed = [], None, None
    deadline = dash.started + limit
    while time.monotonic() < deadline and (shown is None or (far and failed is None)):
        if shown is None:
            waits.append(key_to_cursor(dash, screen, b"j" if len(waits) % 2 == 0 else b"k"))
            time.sleep(0.025)
        else:
            dash.read_for(0.05)
        screen.follow(dash.seen)
        lines = screen.lines()
        now = time.monotonic()
        if shown is None and all(has_numbers(line_of(lines, p)) for p in profiles):
            shown = (now - dash.started) * 1000
        if far and failed is None and "✗" in (line_of(lines, far) or ""):
            failed = (now - dash.started) * 1000
    if shown is None:
        missing = [p for p in profiles if not has_numbers(line_of(screen.lines(), p))]
        raise SystemExit(f"lines not shown within {limit} s: {missing}\n" + "\n".join(screen.lines()))
    dash.settle(0.5, 5)
    after = [key_to_cursor(dash, screen, b"j" if n % 2 == 0 else b"k") for n in range(20)]
    peak = dash.peak_kib()
    dash.close()
    return shown, waits, after, peak, failed


def single_peak(binary, profile):
    """The peak memory of one organisation's dashboard once its Overview is read."""
    dash = Dashboard(binary, ["--profile", profile])
    dash.wait_for(b"campaigns in all")
    dash.settle(0.7, 10)
    peak = dash.peak_kib()
    dash.close()
    return peak


def main():
    args = sys.argv[1:]
    binary, group, profiles = args[0], args[1], args[2].split(",")
    far = args[args.index("--far") + 1] if "--far" in args else None
    runs = int(args[args.index("--runs") + 1]) if "--runs" in args else 3

    def ms(xs):
        return f"median {statistics.median(xs):.1f} ms, max {max(xs):.1f} ms ({len(xs)})"

    shown, waits, after, peaks, failed = [], [], [], [], []
    for _ in range(runs):
        s, w, a, p, f = open_group(binary, group, profiles, far)
        shown.append(s)
        waits.extend(w)
        after.extend(a)
        peaks.append(p)
        if f is not None:
            failed.append(f)
    label = f"group {group} ({len(profiles)} answering" + (", 1 blackholed)" if far else ")")
    print(f"{label}, every line shown: first {shown[0]:.0f} ms, then {', '.join(f'{s:.0f}' for s in shown[1:])} ms")
    print(f"{label}, keys while the lines load (j/k): {ms(waits)}")
    print(f"{label}, keys once they show (j/k): {ms(after)}")
    print(f"{label}, peak memory (VmHWM): max {max(peaks) / 1024:.1f} MiB, min {min(peaks) / 1024:.1f} MiB")
    if far:
        said = f"{statistics.median(failed):.0f} ms median" if failed else "not within the limit"
        print(f"{label}, the blackholed line says it failed: {said}")
    if "--singles" in args:
        singles = [single_peak(binary, p) for p in profiles]
        print(
            f"single organisations' peaks: sum {sum(singles) / 1024:.1f} MiB, largest {max(singles) / 1024:.1f} MiB, "
            f"smallest {min(singles) / 1024:.1f} MiB ({len(singles)})"
        )


if __name__ == "__main__":
    main()
