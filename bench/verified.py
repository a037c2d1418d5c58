"""Bench travellers book, and booking needs a verified email. The bench server sends no mail,
so a new traveller is marked verified in its SQLite file (found through YATRA_DATA_DIR, as
scripts/with-server.sh sets it), as following the emailed link would."""
import os
import sqlite3


def mark_verified(email):
    with sqlite3.connect(os.path.join(os.environ["YATRA_DATA_DIR"], "yatra.db"), timeout=30) as db:
        changed = db.execute("UPDATE users SET email_verified_at = created_at WHERE email = ?", (email,)).rowcount
    assert changed == 1, f"no account {email}"
