// The yardstick of `make bench`: the plainest Node server a catalogue could be, one
// process, Express 5 and better-sqlite3, listing 10 rows of a 10,000-row table in a temp
// file. Yatra's catalogue answers are compared to its requests per second.
// Usage: PORT=1234 node server.js
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import express from 'express';

const dir = mkdtempSync(join(tmpdir(), 'yatra-bench-express-'));
const db = new Database(join(dir, 'guides.db'));
db.pragma('journal_mode = WAL');
db.exec('CREATE TABLE guides (id INTEGER PRIMARY KEY, name TEXT NOT NULL, bio TEXT NOT NULL, rating REAL NOT NULL)');
const insert = db.prepare('INSERT INTO guides (name, bio, rating) VALUES (?, ?, ?)');
db.transaction(() => {
  for (let i = 1; i <= 10_000; i++) insert.run(`Guide ${i}`, `Guide number ${i} knows the trails around Pokhara.`, (i % 50) / 10);
})();
const page = db.prepare('SELECT id, name, bio, rating FROM guides ORDER BY id LIMIT 10 OFFSET ?');

const app = express();
app.get('/guides', (req, res) => {
  const pageNumber = Math.max(1, Number.parseInt(req.query.page ?? '1', 10) || 1);
  res.json({ guides: page.all((pageNumber - 1) * 10) });
});
app.listen(Number(process.env.PORT ?? 3000), '127.0.0.1');
// A yardstick has nothing to finish: drop the table and go.
const stop = () => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
