// A node:test reporter that writes one JSON line per skipped suite or test (file, name, reason).
// Node's own summary counts skipped tests but not skipped suites, so the seven suites skipped
// without ../shared or Redis showed only as "# SKIP" lines in the middle of the output;
// run-tests.mjs reads these lines and lists them at the end.
export default async function* skipReporter(source) {
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { skip, name, file, details } = event.data;
    if (skip === undefined || skip === false) continue;
    const suite = details?.type === 'suite';
    const reason = typeof skip === 'string' ? skip : '';
    yield `${JSON.stringify({ file: file ?? '', name, reason, suite })}\n`;
  }
}
