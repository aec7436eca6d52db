#!/usr/bin/env python3
"""Times commands taken in turn, so the machine's slow and quick minutes fall on each alike.

    scripts/alternate.py ROUNDS NAME=COMMAND [NAME=COMMAND ...]

Each round runs every command once (split as a shell would, but run without one, so no
shell's start is timed; output to /dev/null), in the order given. Prints each command's
median and quartiles in milliseconds, less what starting a process costs the driver
(`true`, timed in each round), and its median over the first command's: the ratio a
budget states ("≤ 2× the bare transfer in the same run").
One command after another (hyperfine's way) put a slow minute on one side only: the ratio
of `contacts list -o json` to its transfer read 1.59× in one run and 2.33× in the next.
"""
import shlex
import statistics
import subprocess
import sys
import time


def run(command: list[str]) -> float:
    """Milliseconds `command` takes, output to /dev/null."""
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, check=True)
    return (time.perf_counter() - start) * 1000


def main() -> None:
    rounds = int(sys.argv[1])
    commands = [arg.split("=", 1) for arg in sys.argv[2:]]
    if rounds < 1 or not commands or any(len(pair) != 2 for pair in commands):
        sys.exit(__doc__)
    split = {name: shlex.split(command) for name, command in commands}
    times: dict[str, list[float]] = {name: [] for name in split}
    starts = []
    for command in split.values():
        run(command)
    for _ in range(rounds):
        starts.append(run(["true"]))
        for name, command in split.items():
            times[name].append(run(command))
    # What starting a process costs this driver, taken off every command alike.
    start = statistics.median(starts)
    first = statistics.median(times[commands[0][0]]) - start
    print(f"(a process's start from this driver, taken off each: {start:.1f} ms)")
    for name, taken in times.items():
        quartiles = statistics.quantiles(taken, n=4)
        median = statistics.median(taken) - start
        print(
            f"{name}: median {median:.1f} ms (quartiles {quartiles[0] - start:.1f}–"
            f"{quartiles[2] - start:.1f}), {median / first:.2f}× {commands[0][0]}"
        )


if __name__ == "__main__":
    main()
