/** What `npm test` reads back from the runners' JSON reports: counts, durations, failures. */
import fs from 'node:fs';
import path from 'node:path';

export type ReportedTest = { seconds: number; test: string; failed: boolean; message: string };

/**
 * Every test of a runner's JSON report with its duration and outcome: the slowest and the failed
 * are named at the end, where a CI log's tail shows them. A file that failed outside any test
 * (an import, a hook) counts as one failed entry.
 */
export function readVitestTests(file: string, root: string): ReportedTest[] {
  try {
    const json = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      testResults: {
        name: string;
        status: string;
        message?: string;
        assertionResults: { fullName: string; status: string; duration?: number | null; failureMessages?: string[] }[];
      }[];
    };
    return json.testResults.flatMap((f) => {
      const where = path.relative(root, f.name);
      const tests = f.assertionResults.map((a) => ({
        seconds: (a.duration ?? 0) / 1000,
        test: `${where} › ${a.fullName}`,
        failed: a.status === 'failed',
        message: a.failureMessages?.join('\n') ?? '',
      }));
      const fileFailedAlone = f.status === 'failed' && !tests.some((t) => t.failed);
      return fileFailedAlone ? [...tests, { seconds: 0, test: where, failed: true, message: f.message ?? '' }] : tests;
    });
  } catch {
    return [];
  }
}

export function readVitestCounts(file: string) {
  try {
    const json = JSON.parse(fs.readFileSync(file, 'utf8'));
    return {
      passed: json.numPassedTests ?? 0,
      failed: json.numFailedTests ?? 0,
      skipped: (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0),
    };
  } catch {
    return { passed: 0, failed: 0, skipped: 0 };
  }
}
