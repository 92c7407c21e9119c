import { spawnSync } from "node:child_process";
import fs from "node:fs";

import { describe, expect, it } from "vitest";

import { costMeter, costReport, SUITE_BUDGET } from "./run-cpu";

describe("the run's cost", () => {
  it("counts the CPU of a child once it has ended, where the system tells it", () => {
    const cost = costMeter();
    // A child that spins for a quarter of a CPU-second, measured by its own clock.
    const child = spawnSync(process.execPath, [
      "-e",
      "const start = process.cpuUsage(); while (process.cpuUsage(start).user < 250_000) {}",
    ]);
    expect(child.status).toBe(0);
    const after = cost();
    if (!fs.existsSync("/proc/self/stat")) return expect(after.processes).toBeUndefined();
    expect(after.processes!.user + after.processes!.system).toBeGreaterThanOrEqual(0.2);
    expect(after.machine).toBeGreaterThanOrEqual(0.2);
    // What ended before a meter started is not its run's.
    expect(costMeter()().processes!.user).toBeLessThan(0.2);
  });

  it("says how far a whole run is from the budget, over or under, quiet or busy", () => {
    const under = costReport(
      { wallSeconds: 280, processes: { user: 400, system: 100 }, machine: 590 },
      { wholeSuite: true, busy: false },
    );
    expect(under).toContain("CPU: 500 s (user 400 s + system 100 s), in 280 s (4.7 min).");
    expect(under).toContain("The machine was busy 590 s of CPU meanwhile");
    expect(under).toContain(`${SUITE_BUDGET.cpuSeconds} CPU-seconds, 100 s to spare`);
    expect(under).toContain("5 minutes on a quiet 2-core machine, 20 s to spare");

    const over = costReport(
      { wallSeconds: 420, processes: { user: 600, system: 150 }, machine: 1600 },
      { wholeSuite: true, busy: true },
    );
    expect(over).toContain("600 CPU-seconds, 150 s OVER");
    expect(over).toContain("10 minutes on a busy 2-core machine, 180 s to spare");
    expect(over).not.toContain("The machine was busy");
  });

  it("gives a part of the suite its cost without the whole suite's budget", () => {
    const part = costReport(
      { wallSeconds: 30, processes: { user: 20, system: 5 } },
      { wholeSuite: false, busy: false },
    );
    expect(part).toBe("CPU: 25 s (user 20 s + system 5 s), in 30 s (0.5 min).");
    expect(costReport({ wallSeconds: 30 }, { wholeSuite: true, busy: false })).toMatch(/not measured on this system/);
  });
});
