// Types of run-tests.mjs for the test that imports it.
export declare function closingLines(
  reporterOutput: string,
  status: number,
  cwd?: string,
): string[];
