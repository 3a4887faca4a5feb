// A node:test reporter for run-tests.mjs: one JSON line per skipped suite or test (file, name,
// reason), and one per figure of Node's closing summary (tests, pass, fail...). Node's summary
// counts neither skipped suites nor says why anything was skipped; run-tests.mjs lists the skips
// and then closes the output with the figures, so the last line says how the run went.
const FIGURE = /^(tests|suites|pass|fail|cancelled|skipped|todo) (\d+)$/;

export default async function* skipReporter(source) {
  for await (const event of source) {
    if (event.type === 'test:diagnostic') {
      const figure = event.data.nesting === 0 ? FIGURE.exec(event.data.message) : null;
      if (figure) yield `${JSON.stringify({ figure: figure[1], value: Number(figure[2]) })}\n`;
      continue;
    }
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { skip, name, file, details } = event.data;
    if (skip === undefined || skip === false) continue;
    const suite = details?.type === 'suite';
    const reason = typeof skip === 'string' ? skip : '';
    yield `${JSON.stringify({ file: file ?? '', name, reason, suite })}\n`;
  }
}
