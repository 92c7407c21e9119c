import { describe, expect, it } from "vitest";

import { fileSizeLabel } from "./counts";

describe("a file's size", () => {
  it("reads in the largest unit it fills, with tenths only below ten", () => {
    expect(fileSizeLabel(0)).toBe("0 bytes");
    expect(fileSizeLabel(1)).toBe("1 byte");
    expect(fileSizeLabel(812)).toBe("812 bytes");
    expect(fileSizeLabel(53_248)).toBe("52 KB");
    expect(fileSizeLabel(1536)).toBe("1.5 KB");
    expect(fileSizeLabel(1_468_006)).toBe("1.4 MB");
    expect(fileSizeLabel(734_003_200)).toBe("700 MB");
    expect(fileSizeLabel(3 * 1024 ** 3)).toBe("3 GB");
  });
});
