// node scripts/e2e-failures.mjs REPORT.json...
// Prints each failed browser journey of Playwright's JSON reports with its first error, so
// the last lines of a failed `make test` say what failed and where: CI keeps only the end
// of the log, and the list reporter's details come before the server log and the other
// database's run.
import { existsSync, readFileSync } from 'node:fs'

// eslint-disable-next-line no-control-regex -- the escape character is what a colour code starts with
const ANSI = /\u001b\[[0-9;]*m/g

function* specsOf(suite) {
  yield* suite.specs ?? []
  for (const child of suite.suites ?? []) yield* specsOf(child)
}

for (const path of process.argv.slice(2)) {
  if (!existsSync(path)) continue
  const report = JSON.parse(readFileSync(path, 'utf8'))
  for (const spec of report.suites.flatMap((suite) => [...specsOf(suite)])) {
    for (const result of spec.tests.flatMap((test) => test.results)) {
      if (result.status === 'passed' || result.status === 'skipped') continue
      const error = result.errors[0]
      const where = error?.location ? `${error.location.file.replace(/^.*\/web\//, '')}:${error.location.line}` : `${spec.file}:${spec.line}`
      console.log(`\n=== ${path}: ${spec.title} (${result.status})`)
      console.log(`    at ${where}`)
      const message = (error?.message ?? '(no error message)').replace(ANSI, '').split('\n').slice(0, 14)
      for (const line of message) console.log(`    ${line}`)
    }
  }
}
