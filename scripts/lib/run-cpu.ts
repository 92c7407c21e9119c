import { spawnSync } from "node:child_process";
import fs from "node:fs";

/**
 * The whole suite's budget (docs/testing.md): CPU seconds (user + system), and seconds on a 2-core machine,
 * quiet or beside a CPU-burning thread per core (`npm run test:busy`).
 */
export const SUITE_BUDGET = { cpuSeconds: 600, quietSeconds: 300, busySeconds: 600 };

export interface CpuSeconds {
  user: number;
  system: number;
}

export interface RunCost {
  wallSeconds: number;
  /** What the processes started meanwhile used, as `time` counts it; undefined without `/proc`. */
  processes?: CpuSeconds;
  /** CPU seconds the whole machine was busy meanwhile (anything else running included). */
  machine?: number;
}

const ticksPerSecond = () => {
  const ticks = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout?.trim());
  return Number.isFinite(ticks) && ticks > 0 ? ticks : 100;
};

const readProc = (file: string) => {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
};

/**
 * CPU used by this process's children that have ended and been waited for, and by theirs (Linux's
 * `/proc/self/stat`: the figures `time` prints). Vitest, its workers, the servers they start and the test
 * PostgreSQL are all such children by the end of a run. Undefined where there is no `/proc`.
 */
export function endedChildrenCpu(): CpuSeconds | undefined {
  const stat = readProc("/proc/self/stat");
  if (!stat) return undefined;
  // The fields after the command's closing parenthesis, from `state`: cutime is the 14th, cstime the 15th.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = ticksPerSecond();
  return { user: Number(fields[13]) / ticks, system: Number(fields[14]) / ticks };
}

/** Ticks every CPU of the machine has spent busy since it started (user, nice, system, irq, softirq). */
function machineBusyTicks(): number | undefined {
  const line = readProc("/proc/stat")?.split("\n")[0];
  if (!line?.startsWith("cpu ")) return undefined;
  const [user, nice, system, , , irq, softirq] = line.trim().split(/\s+/).slice(1).map(Number);
  return user! + nice! + system! + irq! + softirq!;
}

/** Starts measuring a run; the function it returns tells what the run has cost so far. */
export function costMeter(): () => RunCost {
  const startedAt = performance.now();
  const childrenAtStart = endedChildrenCpu();
  const busyAtStart = machineBusyTicks();
  return () => {
    const children = endedChildrenCpu();
    const busyNow = machineBusyTicks();
    return {
      wallSeconds: (performance.now() - startedAt) / 1000,
      processes:
        children && childrenAtStart
          ? { user: children.user - childrenAtStart.user, system: children.system - childrenAtStart.system }
          : undefined,
      machine:
        busyNow !== undefined && busyAtStart !== undefined ? (busyNow - busyAtStart) / ticksPerSecond() : undefined,
    };
  };
}

/**
 * The closing lines of `npm test`: what the run cost, and, for the whole suite, how far that is from its
 * budget. Chromium's renderers end under the browser's zygote, which nobody waits for, so `time`'s figure
 * (and the budget's) counts them only in part: the machine's figure, on a quiet machine, counts them too.
 */
export function costReport(cost: RunCost, run: { wholeSuite: boolean; busy: boolean }): string {
  const seconds = (value: number) => `${Math.round(value)} s`;
  const wall = `${seconds(cost.wallSeconds)} (${(cost.wallSeconds / 60).toFixed(1)} min)`;
  if (!cost.processes) return `Took ${wall}; CPU time is not measured on this system (it reads /proc).`;
  const { user, system } = cost.processes;
  const total = user + system;
  const lines = [`CPU: ${seconds(total)} (user ${seconds(user)} + system ${seconds(system)}), in ${wall}.`];
  // Beside the burners of a busy run, the machine's figure would be theirs.
  if (cost.machine !== undefined && !run.busy)
    lines.push(
      `The machine was busy ${seconds(cost.machine)} of CPU meanwhile (browser renderers, the kernel's writes ` +
        "and anything else running included).",
    );
  if (!run.wholeSuite) return lines.join("\n");
  const left = (budget: number, used: number) =>
    used <= budget ? `${seconds(budget - used)} to spare` : `${seconds(used - budget)} OVER`;
  const wallBudget = run.busy ? SUITE_BUDGET.busySeconds : SUITE_BUDGET.quietSeconds;
  const machine = run.busy ? "a busy 2-core machine" : "a quiet 2-core machine";
  lines.push(
    `Budget (docs/testing.md): ${SUITE_BUDGET.cpuSeconds} CPU-seconds, ${left(SUITE_BUDGET.cpuSeconds, total)}; ` +
      `${wallBudget / 60} minutes on ${machine}, ${left(wallBudget, cost.wallSeconds)}.`,
  );
  return lines.join("\n");
}
