import { describe, expect, it } from "vitest";
import { answeringAppsSimulator } from "./apps-http.js";

/**
 * The apps simulator's command-line preview: each parameter type turned into arguments as the apps service does
 * (external_to_preview.clj), and the line written as the job executor writes it (`{"params": "<line>"}`).
 */
const { ok } = answeringAppsSimulator();

const preview = async (...parameters: Array<Record<string, unknown>>) =>
  (await ok("POST", "/apps/de/arg-preview", { groups: [{ label: "Parameters", parameters }] })).params as string;

describe("command-line preview", () => {
  it("writes each argument's name and value in parameter order", async () => {
    expect(
      await preview(
        { name: "--out", type: "Text", value: "counts.txt", order: 3 },
        { name: "-n", type: "Integer", value: 5, order: 1 },
        { name: "", type: "Text", value: "positional", order: 2 },
      ),
    ).toBe("-n 5  positional --out counts.txt");
    expect((await ok("POST", "/apps/de/arg-preview", { groups: [] })).params).toBe("");
  });

  it("includes a flag only when it is set, without a value", async () => {
    expect(
      await preview(
        { name: "-l", type: "Flag", value: true, order: 1 },
        { name: "-w", type: "Flag", value: "false", order: 2 },
        { name: "-c", type: "Flag", order: 3 },
      ),
    ).toBe("-l");
  });

  it("takes a selection's chosen name and value, and each of a tree selection's", async () => {
    expect(
      await preview(
        { name: "--mode", type: "TextSelection", defaultValue: { name: "--mode", value: "fast" }, order: 1 },
        { name: "--none", type: "TextSelection", defaultValue: "", order: 2 },
        {
          name: "--tree",
          type: "TreeSelection",
          defaultValue: [
            { name: "--a", value: "1" },
            { name: "", value: "" },
          ],
          order: 3,
        },
      ),
    ).toBe("--mode fast --a 1");
  });

  it("names input files by their last segment, and leaves implicit ones and environment variables out", async () => {
    expect(
      await preview(
        { name: "-i", type: "FileInput", value: { path: "/iplant/home/alice/reads.fq" }, order: 1 },
        { name: "-x", type: "FileInput", value: { path: "/a/b" }, file_parameters: { is_implicit: true }, order: 2 },
        { name: "-m", type: "MultiFileSelector", value: [{ path: "/a/one.txt" }, { path: "/a/two.txt" }], order: 3 },
        { name: "HOME", type: "EnvironmentVariable", value: "/tmp", order: 4 },
      ),
    ).toBe("-i reads.fq -m one.txt -m two.txt");
  });

  it("names an output file the tool writes, `file` when it has no name yet", async () => {
    const output = (value: string, dataSource: string) => ({
      name: "-o",
      type: "FileOutput",
      value,
      file_parameters: { data_source: dataSource },
      order: 1,
    });
    expect(await preview(output("", "file"))).toBe("-o file");
    expect(await preview(output("out.txt", "file"))).toBe("-o out.txt");
    expect(await preview(output("out.txt", "stdout"))).toBe("");
  });
});
