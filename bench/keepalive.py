#!/usr/bin/env python3
"""N sequential GETs of each path on ONE keep-alive connection; prints the total time.

Issue 10 found static files at 23 ms each here (Nagle's algorithm meeting delayed ACK);
with TCP_NODELAY and bodies served from memory 200 requests take a few milliseconds more
than /healthz. Usage: keepalive.py URL COUNT PATH...
"""
import http.client
import sys
import time
import urllib.parse

url, count, paths = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
parts = urllib.parse.urlsplit(url)
for path in paths:
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    sizes = set()
    started = time.perf_counter()
    for _ in range(count):
        connection.request("GET", path, headers={"Accept-Encoding": "br, gzip"})
        response = connection.getresponse()
        body = response.read()
        if response.status != 200:
            sys.exit(f"GET {path}: {response.status}")
        sizes.add(len(body))
    elapsed = time.perf_counter() - started
    connection.close()
    label = f"{count} x GET {path} (one keep-alive connection)"
    print(f"{label:<52} {elapsed * 1000:10.1f} ms total   {elapsed * 1e6 / count:8.0f} µs each   {max(sizes)} bytes")
