#!/usr/bin/env python3
"""How long `outreach` takes over a list element carrying one 50 MB string: an exchange
whose contact's name is 50 MB (`exchanges list`, a table) and a chain whose e-mail body
is 50 MB (`exchanges show`, text). A local HTTP server answers every request with the
one body; each command is run RUNS times and its best and median wall times printed.

    scripts/bench-huge-field.py target/debug/outreach [RUNS]

Compare two builds by running it once with each binary.
"""

import http.server
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time

HUGE = "x" * (50 * 1024 * 1024)
BODIES = {
    "/api/v1/campaigns/data/replies": (
        '[{"id": 1, "campaign_id": 1, "status": "REPLIED", "updated_at": "2024-05-01T10:00:00",'
        ' "contact": {"id": 2, "first_name": "%s", "email": "a@b.example"},'
        ' "bot": {"id": 3, "email": "bot@b.example"}}]' % HUGE
    ).encode(),
    "/api/v1/exchanges/1/emails": (
        '[{"subject": "Hello", "date": "2024-05-01T10:00:00Z",'
        ' "body": {"text": "%s"}, "from_": {"address": "a@b.example"}}]' % HUGE
    ).encode(),
}


class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        body = next((b for p, b in BODIES.items() if self.path.startswith(p)), b"[]")
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def main():
    binary = sys.argv[1]
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    home = tempfile.mkdtemp()
    env = dict(os.environ, XDG_CONFIG_HOME=home, XDG_STATE_HOME=home, COLUMNS="100",
               OUTREACH_BASE_URL=f"http://127.0.0.1:{server.server_port}", OUTREACH_API_KEY="k")
    for args in (["exchanges", "list", "-o", "table"], ["exchanges", "show", "1"]):
        times = []
        for _ in range(runs):
            started = time.perf_counter()
            done = subprocess.run([binary, *args], env=env, capture_output=True)
            times.append(time.perf_counter() - started)
            if done.returncode != 0:
                sys.exit(f"{args}: exit {done.returncode}: {done.stderr.decode()[:400]}")
        print(f"{' '.join(args):28} best {min(times):.2f} s, median {statistics.median(times):.2f} s,"
              f" {len(done.stdout)} bytes out")
    server.shutdown()


if __name__ == "__main__":
    main()
