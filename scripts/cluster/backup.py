"""Backup and restore while the cluster serves: pg_dump the live database, write more
through the balancer, restore the dump into a new database, and compare. The restored
database must hold exactly what the live one held when the dump was taken (every table,
row for row), not what was written after; and a replica must start on it."""
import os
import secrets
import subprocess
import uuid

from cluster import PSQL, answers, free_port, psql, wait_until
from soak import Client, Stats

DEMO_TRAVELLER = ("traveller@demo.yatra.np", "namaste-yatra")


def fingerprint(database):
    """{table: (rows, md5 of every row)} of every table in the public schema."""
    tables = psql("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename", database).split()
    sql = " UNION ALL ".join(
        f"SELECT '{t}', COUNT(*), COALESCE(md5(string_agg(x::text, '|' ORDER BY x::text)), '') FROM {t} x" for t in tables)
    out = subprocess.run(PSQL + ["-F", "\t", "-d", database, "-c", sql], check=True, capture_output=True, text=True).stdout
    return {name: (int(rows), digest) for name, rows, digest in (line.split("\t") for line in out.splitlines())}


def backup_and_restore(cluster):
    dump = os.path.join(cluster.dir, "yatra.dump")
    # The replicas keep serving (and sweeping) during the dump. pg_dump reads one snapshot;
    # the database is fingerprinted before and after, and a dump taken while nothing
    # changed must restore to exactly that fingerprint.
    for _ in range(10):
        before = fingerprint(cluster.database)
        subprocess.run(["pg_dump", "-h", "127.0.0.1", "-U", "postgres", "-Fc", "-f", dump, cluster.database], check=True)
        if fingerprint(cluster.database) == before:
            break
    else:
        print("  FAILED: the database never stood still for a dump")
        return False
    size = os.path.getsize(dump)

    client = Client(cluster.lb_url, Stats())
    status, body = client.safe("POST", "/api/v1/auth/login", {"email": DEMO_TRAVELLER[0], "password": DEMO_TRAVELLER[1]})
    assert status == 200, (status, body)
    token = body["token"]
    guide_id = psql("SELECT user_id FROM guide_details WHERE status = 'verified' ORDER BY user_id LIMIT 1", cluster.database)
    mark = uuid.uuid4().hex
    status, _ = client.safe("POST", "/api/v1/conversations", {"guideId": guide_id, "text": f"After the backup {mark}"}, token)
    assert status == 201, ("message after the backup", status)
    after = fingerprint(cluster.database)

    restored = "yatra_restored_" + secrets.token_hex(6)
    psql(f"CREATE DATABASE {restored}")
    server = None
    try:
        subprocess.run(["pg_restore", "-h", "127.0.0.1", "-U", "postgres", "--no-owner", "-d", restored, dump], check=True)
        got = fingerprint(restored)
        changed = sorted(t for t in after if after[t] != before.get(t))
        checks = [
            ("tables restored = tables dumped", len(got), len(before)),
            ("tables whose rows differ from the dumped state", sorted(t for t in before if got.get(t) != before[t]), []),
            ("rows restored", sum(r for r, _ in got.values()), sum(r for r, _ in before.values())),
            ("the message written after the backup is in the live database only",
             (psql(f"SELECT COUNT(*) FROM messages WHERE text LIKE '%{mark}'", cluster.database),
              psql(f"SELECT COUNT(*) FROM messages WHERE text LIKE '%{mark}'", restored)), ("1", "0")),
            ("tables written after the backup include messages", "messages" in changed, True),
        ]
        # The restored database is a working Yatra: migrations have nothing to do, a replica
        # starts on it and answers.
        env = dict(cluster.env, YATRA_DATABASE_URL=f"postgres://postgres@127.0.0.1:5432/{restored}")
        subprocess.run([cluster.binary, "migrate"], env=env, check=True, stdout=subprocess.DEVNULL)
        port = free_port()
        log = os.path.join(cluster.dir, "restored.log")
        server = subprocess.Popen([cluster.binary, "serve"], env=dict(env, YATRA_ADDR=f"127.0.0.1:{port}"),
                                  stdout=open(log, "w"), stderr=subprocess.STDOUT)
        wait_until("a replica on the restored database", lambda: answers(f"http://127.0.0.1:{port}/readyz") == 200,
                   process=server, log=log)
        restored_client = Client(f"http://127.0.0.1:{port}", Stats())
        status, _ = restored_client.call("POST", "/api/v1/auth/login", {"email": DEMO_TRAVELLER[0], "password": DEMO_TRAVELLER[1]})
        checks.append(("sign-in on the restored database", status, 200))
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=30)
        psql(f"DROP DATABASE IF EXISTS {restored} WITH (FORCE)")
    failed = False
    for name, actual, expected in checks:
        ok = actual == expected
        failed |= not ok
        print(f"  {'ok ' if ok else 'BAD'} {name}: {actual} (expected {expected})")
    print(f"  dump of {size // 1024} KiB, {len(before)} tables, {sum(r for r, _ in before.values())} rows: "
          + ("restored exactly" if not failed else "MISMATCH"), flush=True)
    return not failed
