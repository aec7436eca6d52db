#!/usr/bin/env python3
"""Times commands taken in turn, so the machine's slow and quick minutes fall on each alike.

    scripts/alternate.py ROUNDS NAME=COMMAND [NAME=COMMAND ...]

Each round runs every command once (through bash, output to /dev/null), in the order
given. Prints each command's median and quartiles in milliseconds, and its median over
the first command's: the ratio a budget states ("≤ 2× the bare transfer in the same run").
One command after another (hyperfine's way) put a slow minute on one side only: the ratio
of `contacts list -o json` to its transfer read 1.59× in one run and 2.33× in the next.
"""
import statistics
import subprocess
import sys
import time


def main() -> None:
    rounds = int(sys.argv[1])
    commands = [arg.split("=", 1) for arg in sys.argv[2:]]
    if rounds < 1 or not commands or any(len(pair) != 2 for pair in commands):
        sys.exit(__doc__)
    times: dict[str, list[float]] = {name: [] for name, _ in commands}
    for name, command in commands:
        subprocess.run(["bash", "-c", command], stdout=subprocess.DEVNULL, check=True)
    for _ in range(rounds):
        for name, command in commands:
            start = time.perf_counter()
            subprocess.run(["bash", "-c", command], stdout=subprocess.DEVNULL, check=True)
            times[name].append((time.perf_counter() - start) * 1000)
    first = statistics.median(times[commands[0][0]])
    for name, taken in times.items():
        quartiles = statistics.quantiles(taken, n=4)
        median = statistics.median(taken)
        print(
            f"{name}: median {median:.1f} ms (quartiles {quartiles[0]:.1f}–{quartiles[2]:.1f}), "
            f"{median / first:.2f}× {commands[0][0]}"
        )


if __name__ == "__main__":
    main()
