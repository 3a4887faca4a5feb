// Types of run-tests.mjs for the test that imports it.
export declare function describeSkips(reporterOutput: string, cwd?: string): string[];
