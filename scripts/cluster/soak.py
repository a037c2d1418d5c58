"""The cluster soak: travellers book demo guides, the guides approve (or decline a taken
day), travellers pay in the sandbox checkout, some cancel (refunded) and all write to their
guides, through HAProxy, while one replica is killed with SIGKILL and restarted and another
stopped with SIGTERM and restarted. Then the database is counted against what the clients
were told: every acknowledged booking, payment, refund, message and email exists exactly
once, and nothing exists that no client was told about.

The client retries only what is safe to repeat: reads, sign-in, a booking request (its
Idempotency-Key makes a repeat return the same booking) and the sandbox payment (paying a
paid checkout changes nothing). When an unsafe request (approve, decline, cancel, a
message) gets no answer or a 5xx, the client reads back what happened, as a browser that
refetches would, and tallies that."""
import email
import email.policy
import json
import os
import random
import re
import signal
import subprocess
import threading
import time
import traceback
import urllib.error
import urllib.request
import uuid

from cluster import ROOT, PSQL

DEMO_PASSWORD = "namaste-yatra"
PASSWORD = "soak-traveller-password"
UNANSWERED = (None, 502, 503, 504)


class Client:
    def __init__(self, url, stats):
        self.url = url
        self.stats = stats

    def call(self, method, path, body=None, token=None, headers=None):
        """(status, body); status None when no answer came (connection refused or reset)."""
        request = urllib.request.Request(self.url + path, method=method,
                                         data=json.dumps(body).encode() if body is not None else None)
        request.add_header("Content-Type", "application/json")
        for name, value in (headers or {}).items():
            request.add_header(name, value)
        if token:
            request.add_header("Authorization", "Bearer " + token)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                status, raw = response.status, response.read()
        except urllib.error.HTTPError as error:
            status, raw = error.code, error.read()
        except OSError:
            status, raw = None, b""
        try:
            answer = json.loads(raw or b"{}")
        except ValueError:
            # Not Yatra's answer: HAProxy's own error page (502, 503, 504).
            answer = {"body": raw[:200].decode(errors="replace")}
        self.stats.add("requests")
        if status in UNANSWERED or (status is not None and status >= 500):
            self.stats.add("errors")
        return status, answer

    def safe(self, *args, **kwargs):
        """A request that may be repeated: repeated until it is answered (at most ~30 s)."""
        for attempt in range(60):
            status, answer = self.call(*args, **kwargs)
            if status not in UNANSWERED:
                return status, answer
            self.stats.add("retries")
            time.sleep(0.5)
        raise RuntimeError(f"no answer to {args[:2]} in 30 s")


class Stats:
    def __init__(self):
        self.lock = threading.Lock()
        self.counts = {"requests": 0, "errors": 0, "retries": 0, "unsure": 0}
        self.booked, self.approved, self.rejected, self.paid, self.cancelled = set(), set(), set(), set(), set()
        self.messages = set()  # the unique token in each message text
        self.travellers = []

    def add(self, key, n=1):
        with self.lock:
            self.counts[key] += n

    def note(self, bucket, value):
        with self.lock:
            bucket.add(value)


def traveller(client, stats, number, guides, outbox, running):
    address = f"soak-{uuid.uuid4().hex[:12]}@example.com"
    # Signing up twice is harmless (the second answers 409, the address being taken).
    client.safe("POST", "/api/v1/auth/signup", {"firstName": "Soak", "lastName": f"Traveller{number}", "email": address,
                                                "password": PASSWORD, "confirmPassword": PASSWORD, "role": "tourist"})
    # Bookings need a verified address: open the link in the email, as a traveller would.
    status, _ = client.safe("POST", "/api/v1/auth/verify-email", {"token": emailed_token(outbox, address, "/verify-email")})
    assert status == 200, ("verify email", status)
    status, body = client.safe("POST", "/api/v1/auth/login", {"email": address, "password": PASSWORD})
    assert status == 200, (status, body)
    token = body["token"]
    me = client.safe("GET", "/api/v1/auth/me", token=token)[1]["data"]["_id"]
    with stats.lock:
        stats.travellers.append(me)
    conversations = {}
    rng = random.Random(number)

    def booking_state(booking_id):
        status, body = client.safe("GET", f"/api/v1/tourists/details/{booking_id}", token=token)
        assert status == 200, (status, body)
        return body["data"]["bookingStatus"], body["data"]["paymentStatus"]

    def write(guide_id):
        """One message to the guide; its text carries a token the database check looks for."""
        mark = uuid.uuid4().hex
        text = f"Namaste! Soak message {mark}"
        if guide_id in conversations:
            status, _ = client.call("POST", f"/api/v1/conversations/{conversations[guide_id]}/messages", {"text": text}, token)
        else:
            status, body = client.call("POST", "/api/v1/conversations", {"guideId": guide_id, "text": text}, token)
            if status == 201:
                conversations[guide_id] = body["data"]["_id"]
        if status == 201:
            stats.note(stats.messages, mark)
            return
        assert status in UNANSWERED, ("message", status)
        stats.add("unsure")
        _, listing = client.safe("GET", f"/api/v1/conversations?with={guide_id}", token=token)
        for conversation in listing["data"]:
            conversations[guide_id] = conversation["_id"]
            _, page = client.safe("GET", f"/api/v1/conversations/{conversation['_id']}/messages", token=token)
            if any(mark in m["text"] for m in page["data"]["messages"]):
                stats.note(stats.messages, mark)

    while running():
        guide_id = rng.choice(list(guides))
        guide = guides[guide_id]
        if rng.random() < 0.5:
            write(guide_id)
        day = time.strftime("%Y-%m-%d", time.gmtime(time.time() + 86400 * rng.randint(3, 700)))
        key = uuid.uuid4().hex
        request = {"guideId": guide_id, "selectedDate": day, "selectedTime": "10:00", "groupSize": rng.randint(1, 6)}
        status, answer = client.safe("POST", "/api/v1/tourists/booking/request", request, token, {"Idempotency-Key": key})
        if status == 409:
            continue
        assert status in (200, 201), ("booking request", status, answer)
        booking_id = answer["data"]["_id"]
        stats.note(stats.booked, booking_id)
        # A repeat with the same key must give the same booking, not a second one.
        again, replay = client.safe("POST", "/api/v1/tourists/booking/request", request, token, {"Idempotency-Key": key})
        assert again == 200 and replay["data"]["_id"] == booking_id, ("idempotent repeat", again, replay)

        status, _ = client.call("PATCH", "/api/v1/guides/booking/status", {"bookingId": booking_id, "action": "approve"}, guide)
        if status in UNANSWERED:
            stats.add("unsure")
            status = 200 if booking_state(booking_id)[0] == "approved" else 409
        if status == 409:
            # The guide already has a trip on one of those days: decline, as a guide would.
            status, _ = client.call("PATCH", "/api/v1/guides/booking/status", {"bookingId": booking_id, "action": "reject"}, guide)
            if status in UNANSWERED:
                stats.add("unsure")
                status = 200 if booking_state(booking_id)[0] == "rejected" else None
            if status == 200:
                stats.note(stats.rejected, booking_id)
            continue
        assert status == 200, ("approve", status)
        stats.note(stats.approved, booking_id)

        status, checkout = client.safe("GET", f"/api/v1/tourists/stripe/create-session/{booking_id}", token=token)
        assert status == 200, ("checkout", status, checkout)
        # Some pay twice, as an impatient double click would: still one payment.
        for _ in range(2 if rng.random() < 0.3 else 1):
            status, _ = client.safe("POST", f"/api/v1/payments/sandbox/{checkout['sessionId']}/pay", {}, token)
            assert status == 200, ("pay", status)
        stats.note(stats.paid, booking_id)

        if rng.random() < 0.4:
            status, _ = client.call("POST", f"/api/v1/bookings/{booking_id}/cancel", {"reason": "Soak: plans changed"}, token)
            if status in UNANSWERED:
                stats.add("unsure")
                status = 200 if booking_state(booking_id)[0] == "cancelled" else None
            if status == 200:
                stats.note(stats.cancelled, booking_id)


def emailed_token(outbox, address, path):
    """The token in the link to `path` of the email to `address` in the shared outbox folder."""
    pattern = re.compile(re.escape(path) + r"\?token=([A-Za-z0-9_-]+)")
    for _ in range(300):
        for name in sorted(os.listdir(outbox) if os.path.isdir(outbox) else [], reverse=True):
            if not name.endswith(".eml"):
                continue
            with open(os.path.join(outbox, name), "rb") as f:
                message = email.message_from_binary_file(f, policy=email.policy.default)
            if address not in message["To"]:
                continue
            for part in message.walk():
                if part.get_content_type() == "text/plain":
                    found = pattern.search(part.get_content())
                    if found:
                        return found.group(1)
        time.sleep(0.1)
    raise RuntimeError(f"no email to {address} with a {path} link")


def chaos(cluster, seconds, log):
    """One replica killed outright and restarted, later another stopped gracefully and
    restarted, while the travellers keep going."""
    time.sleep(seconds * 0.25)
    log("SIGKILL replica 1")
    cluster.stop_replica(0, signal.SIGKILL)
    time.sleep(2)
    cluster.start_replica(0)
    log("replica 1 restarted and ready")
    time.sleep(seconds * 0.25)
    log("SIGTERM replica 2")
    cluster.stop_replica(1, signal.SIGTERM)
    time.sleep(2)
    cluster.start_replica(1)
    log("replica 2 restarted and ready")


def query(cluster, sql):
    out = subprocess.run(PSQL + ["-F", "\t", "-d", cluster.database, "-c", sql], check=True, capture_output=True, text=True).stdout
    return [line.split("\t") for line in out.splitlines() if line]


def email_counts(cluster, users_sql):
    rows = query(cluster, f"SELECT template, status, COUNT(*) FROM emails WHERE user_id IN ({users_sql}) GROUP BY template, status")
    return {(template, status): int(n) for template, status, n in rows}


def soak(cluster):
    seconds = float(os.environ.get("CLUSTER_SOAK_SECONDS", "60"))
    travellers = int(os.environ.get("CLUSTER_SOAK_TRAVELLERS", "10"))
    stats = Stats()
    client = Client(cluster.lb_url, stats)
    started = time.monotonic()

    def log(what):
        print(f"  [{time.monotonic() - started:5.1f} s] {what}", flush=True)

    with open(os.path.join(ROOT, "server", "src", "seed", "data", "guides.json")) as f:
        guide_emails = [g["email"] for g in json.load(f) if g["verified"]] + ["guide@demo.yatra.np"]
    guides = {}
    for email in guide_emails:
        status, body = client.safe("POST", "/api/v1/auth/login", {"email": email, "password": DEMO_PASSWORD})
        assert status == 200, (email, status, body)
        guides[client.safe("GET", "/api/v1/guides/guide-profile", token=body["token"])[1]["data"]["_id"]] = body["token"]
    guide_ids = ",".join(f"'{g}'" for g in guides)
    guide_before = email_counts(cluster, guide_ids)

    outbox = os.path.join(cluster.data_dir, "outbox")
    deadline = time.monotonic() + seconds
    chaos_done = threading.Event()
    failures = []

    def running():
        """Until both the time is up and the replicas are back."""
        return (time.monotonic() < deadline or not chaos_done.is_set()) and not failures

    def run(target, *args):
        try:
            target(*args)
        except Exception:  # a broken promise from the server: reported, fails the soak
            failures.append(f"{target.__name__}: {traceback.format_exc()}")
        finally:
            if target is chaos:
                chaos_done.set()

    threads = [threading.Thread(target=run, args=(traveller, client, stats, n, guides, outbox, running)) for n in range(travellers)]
    threads.append(threading.Thread(target=run, args=(chaos, cluster, seconds, log)))
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - started
    counts = stats.counts
    print(f"  {counts['requests']} requests in {elapsed:.0f} s ({counts['requests'] / elapsed:.1f}/s), "
          f"{counts['errors']} unanswered or 5xx ({100 * counts['errors'] / max(counts['requests'], 1):.2f}%), "
          f"{counts['retries']} safe retries, {counts['unsure']} unsafe requests read back", flush=True)
    for failure in failures:
        print("  FAILED:", failure)
    if failures or not stats.travellers:
        return False

    travellers_sql = ",".join(f"'{t}'" for t in stats.travellers)
    # Background work finishes after the answers: refunds, then their emails.
    # A replica killed mid-send leaves its email to be claimed again when the lease ends (120 s).
    settle_until = time.monotonic() + 180
    while time.monotonic() < settle_until:
        pending = query(cluster, f"SELECT (SELECT COUNT(*) FROM refunds r JOIN bookings b ON b.id = r.booking_id "
                                 f"WHERE b.tourist_id IN ({travellers_sql}) AND r.status <> 'succeeded') + "
                                 f"(SELECT COUNT(*) FROM emails WHERE status = 'pending')")[0][0]
        if pending == "0":
            break
        time.sleep(0.5)
    log("background work settled")

    bookings = {row[0]: (row[1], row[2]) for row in query(
        cluster, f"SELECT id, booking_status, payment_status FROM bookings WHERE tourist_id IN ({travellers_sql})")}
    keys = query(cluster, f"SELECT COUNT(DISTINCT idempotency_key) FROM bookings WHERE tourist_id IN ({travellers_sql})")[0][0]
    payments = query(cluster, f"SELECT p.booking_id, COUNT(*) FROM payments p JOIN bookings b ON b.id = p.booking_id "
                              f"WHERE b.tourist_id IN ({travellers_sql}) AND p.status = 'paid' GROUP BY p.booking_id")
    refunds = query(cluster, f"SELECT r.booking_id, r.status FROM refunds r JOIN bookings b ON b.id = r.booking_id "
                             f"WHERE b.tourist_id IN ({travellers_sql})")
    texts = [row[0] for row in query(cluster, f"SELECT m.text FROM messages m JOIN conversations c ON c.id = m.conversation_id "
                                              f"WHERE c.tourist_id IN ({travellers_sql})")]
    marks = [text.rsplit(" ", 1)[-1] for text in texts]
    paid_payments = {booking: int(n) for booking, n in payments}
    refunded = {booking for booking, status in refunds if status == "succeeded"}
    approved_states = {"approved", "cancelled", "completed"}
    settled_money = {"paid", "refunded"}

    mails = email_counts(cluster, travellers_sql)
    guide_after = email_counts(cluster, guide_ids)
    sent = {row[0] for row in query(cluster, "SELECT id FROM emails WHERE status = 'sent'")}
    files = [f[:-4] for f in os.listdir(outbox) if f.endswith(".eml")] if os.path.isdir(outbox) else []

    def mail(template):
        return mails.get((template, "sent"), 0)

    def guide_mail(template):
        return guide_after.get((template, "sent"), 0) - guide_before.get((template, "sent"), 0)

    paid_cancelled = stats.paid & stats.cancelled
    checks = [
        ("bookings acknowledged = bookings in the database", len(bookings), len(stats.booked)),
        ("acknowledged bookings missing from the database", len(stats.booked - set(bookings)), 0),
        ("one booking per Idempotency-Key", int(keys), len(bookings)),
        ("approved (2xx) and still approved, paid or cancelled", sum(bookings.get(b, ("",))[0] in approved_states for b in stats.approved), len(stats.approved)),
        ("approved in the database but never acknowledged", sum(s[0] in approved_states for b, s in bookings.items() if b not in stats.approved), 0),
        ("declined (2xx) and rejected in the database", sum(bookings.get(b, ("",))[0] == "rejected" for b in stats.rejected), len(stats.rejected)),
        ("paid bookings acknowledged = paid payments", sum(paid_payments.values()), len(stats.paid)),
        ("bookings with more than one paid payment", sum(n > 1 for n in paid_payments.values()), 0),
        ("paid and settled in the database", sum(bookings.get(b, ("", ""))[1] in settled_money for b in stats.paid), len(stats.paid)),
        ("cancellations acknowledged = cancelled in the database", sum(s[0] == "cancelled" for s in bookings.values()), len(stats.cancelled)),
        ("refunds = paid bookings cancelled", len(refunds), len(paid_cancelled)),
        ("refunds carried out (booking refunded)", sum(bookings.get(b, ("", ""))[1] == "refunded" for b in refunded), len(paid_cancelled)),
        ("messages acknowledged = messages in the database", len(marks), len(stats.messages)),
        ("acknowledged messages stored exactly once", sum(marks.count(m) == 1 for m in stats.messages), len(stats.messages)),
        ("emails to travellers: verify_email", mail("verify_email"), len(stats.travellers)),
        ("emails to travellers: booking_approved", mail("booking_approved"), len(stats.approved)),
        ("emails to travellers: booking_rejected", mail("booking_rejected"), len(stats.rejected)),
        ("emails to travellers: payment_received_traveller", mail("payment_received_traveller"), len(stats.paid)),
        ("emails to travellers: booking_cancelled", mail("booking_cancelled"), len(stats.cancelled)),
        ("emails to travellers: booking_refunded", mail("booking_refunded"), len(paid_cancelled)),
        ("emails to travellers not sent (pending or failed)", sum(n for (t, s), n in mails.items() if s != "sent"), 0),
        ("emails to guides: booking_requested", guide_mail("booking_requested"), len(stats.booked)),
        ("emails to guides: payment_received_guide", guide_mail("payment_received_guide"), len(stats.paid)),
        ("emails to guides: booking_cancelled", guide_mail("booking_cancelled"), len(stats.cancelled)),
        ("emails to guides: booking_refunded", guide_mail("booking_refunded"), len(paid_cancelled)),
        ("sent emails (whole database) = .eml files in the shared outbox", len(files), len(sent)),
        ("sent emails without their file", len(sent - set(files)), 0),
    ]
    other = {t for (t, _) in mails} - {"verify_email", "booking_approved", "booking_rejected", "payment_received_traveller",
                                        "booking_cancelled", "booking_refunded"}
    checks.append((f"emails to travellers of other kinds {sorted(other)}", sum(mails[k] for k in mails if k[0] in other), 0))
    failed = False
    for name, actual, expected in checks:
        ok = actual == expected
        failed |= not ok
        print(f"  {'ok ' if ok else 'BAD'} {name}: {actual} (expected {expected})")
    print(f"  soak: {len(stats.travellers)} travellers, {len(stats.booked)} booked, {len(stats.approved)} approved, "
          f"{len(stats.rejected)} declined, {len(stats.paid)} paid, {len(stats.cancelled)} cancelled, "
          f"{len(paid_cancelled)} refunded, {len(stats.messages)} messages")
    print("  nothing lost or doubled" if not failed else "  MISMATCH: something was lost or doubled", flush=True)
    return not failed
