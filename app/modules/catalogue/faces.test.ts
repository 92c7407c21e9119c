import { describe, expect, it } from "vitest";

import { faces } from "./faces";
import { contentType, contentTypes } from "./registry.server";

describe("the face list", () => {
  it("names each type once, and every reference names a type in it", () => {
    const keys = faces.map((face) => face.key);
    expect(new Set(keys).size).toBe(keys.length);
    const targets = faces.flatMap((face) =>
      "references" in face ? face.references.map((reference) => reference.to) : [],
    );
    expect(targets.filter((target) => !keys.includes(target as never))).toEqual([]);
  });

  it("has a desk for every face, built on that face, in the face list's order", () => {
    expect(contentTypes.map((type) => type.key)).toEqual(faces.map((face) => face.key));
    for (const face of faces) expect(contentType(face.key)).toMatchObject(face);
    expect(() => contentType("brand")).toThrow("No content type brand");
  });
});
