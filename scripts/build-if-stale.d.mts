// Types of build-if-stale.mjs for the tests that import it.
export declare const BUILD_INPUTS: readonly string[];
export declare const STAMP: string;
export declare function isBuildCurrent(root: string): boolean;
export declare function buildIfStale(root: string, always?: boolean): number;
