import path from "node:path";

import type { Reporter, TestModule } from "vitest/node";

// The end of every test run: the 15 slowest files (where the suite's time goes), which database drivers
// the integration tests ran on, and the counts.

const driverProjects = { PGlite: "integration-pglite", PostgreSQL: "integration-postgres" } as const;

export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    if (modules.length === 0) return;
    const lines = ["", "Slowest files:"];
    const byDuration = [...modules].sort((a, b) => b.diagnostic().duration - a.diagnostic().duration);
    for (const module of byDuration.slice(0, 15)) {
      const seconds = (module.diagnostic().duration / 1000).toFixed(1).padStart(6);
      lines.push(`${seconds} s  ${module.project.name.padEnd(20)} ${path.relative(process.cwd(), module.moduleId)}`);
    }
    const drivers = Object.entries(driverProjects).map(([driver, project]) => {
      const files = modules.filter((module) => module.project.name === project).length;
      return files ? `${driver} (${files} files)` : `${driver} (not run)`;
    });
    lines.push("", `Integration drivers: ${drivers.join(" + ")}`);
    const states = modules.flatMap((module) => [...module.children.allTests()].map((test) => test.result().state));
    const count = (state: string) => states.filter((s) => s === state).length;
    lines.push(`${count("passed")} passed, ${count("failed")} failed, ${count("skipped") + count("pending")} skipped`);
    console.log(lines.join("\n"));
  }
}
