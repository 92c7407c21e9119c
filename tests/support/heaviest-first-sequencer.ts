import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** A file's expected seconds when the run has no timing of it yet (a fresh clone): its project's typical file. */
const TYPICAL_SECONDS: Record<string, number> = { e2e: 30, reliability: 15, "integration-pglite": 3, "integration-postgres": 2, unit: 0.1 };

/**
 * Runs the longest files first across every project, so the many short integration and unit files fill the
 * lanes at the end instead of one long file running alone (Vitest's own order runs project after project).
 * A file's length is its last run's duration from Vitest's cache, else its project's typical one, larger
 * files first.
 */
export default class HeaviestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const seconds = (spec: TestSpecification) => {
      const key = `${spec.project.name}:${path.relative(root, spec.moduleId)}`;
      const last = this.ctx.cache.getFileTestResults(key)?.duration;
      return last !== undefined ? last / 1000 : (TYPICAL_SECONDS[spec.project.name] ?? 1);
    };
    const size = (spec: TestSpecification) => this.ctx.cache.getFileStats(`${spec.project.name}:${path.relative(root, spec.moduleId)}`)?.size ?? 0;
    return [...files].sort((a, b) => seconds(b) - seconds(a) || size(b) - size(a));
  }
}
