import path from "node:path";

import { BaseSequencer, type TestSpecification } from "vitest/node";

/** A file's expected seconds when the run has no timing of it yet (a fresh clone): its project's typical file. */
const TYPICAL_SECONDS: Record<string, number> = {
  e2e: 30,
  reliability: 30,
  // Measured 7 s a file (the form fuzz a minute): enough that a fresh clone runs them before the
  // PostgreSQL files, whose short files then fill both lanes at the end.
  requests: 8,
  "integration-pglite": 3,
  "integration-postgres": 2,
  unit: 0.1,
};

/**
 * Runs the longest files first, so the many short files fill both lanes at the end instead of one long
 * file running alone (Vitest's own order runs project after project). A file's length is its last run's
 * duration from Vitest's cache, else its project's typical one, larger files first.
 *
 * Files of projects that share a worker (`isolate: false`) come after the others, a project's files
 * together: Vitest keeps a worker for the next file only when that file is of the same project, so
 * interleaving them would start a worker (imports, a PGlite database) for nearly every short file.
 */
export default class HeaviestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const key = (spec: TestSpecification) => `${spec.project.name}:${path.relative(root, spec.moduleId)}`;
    const seconds = (spec: TestSpecification) => {
      const last = this.ctx.cache.getFileTestResults(key(spec))?.duration;
      return last !== undefined ? last / 1000 : (TYPICAL_SECONDS[spec.project.name] ?? 1);
    };
    const size = (spec: TestSpecification) => this.ctx.cache.getFileStats(key(spec))?.size ?? 0;
    const longestFirst = (specs: TestSpecification[]) =>
      [...specs].sort((a, b) => seconds(b) - seconds(a) || size(b) - size(a));
    const total = (specs: TestSpecification[]) => specs.reduce((sum, spec) => sum + seconds(spec), 0);

    const sharedByProject = new Map<string, TestSpecification[]>();
    for (const spec of files.filter((file) => file.project.config.isolate === false)) {
      sharedByProject.set(spec.project.name, [...(sharedByProject.get(spec.project.name) ?? []), spec]);
    }
    const sharedRuns = [...sharedByProject.values()].sort((a, b) => total(b) - total(a)).flatMap(longestFirst);
    return [...longestFirst(files.filter((file) => file.project.config.isolate !== false)), ...sharedRuns];
  }
}
