import { readFileSync } from "node:fs";
import { DockerfileParser, JSONInstruction, ModifiableInstruction } from "dockerfile-ast";

export interface Step {
  keyword: string;
  /** Arguments as written (shell words; quotes kept). */
  args: string[];
  /** Flags such as `--from=build` → `from: "build"`. */
  flags: Record<string, string | null>;
  /** The JSON (exec) form's strings, when the instruction uses it. */
  json?: string[];
}

export interface Stage {
  name: string | null;
  image: string | null;
  tag: string | null;
  digest: string | null;
  steps: Step[];
}

/** A Dockerfile as build stages, each with its instructions, read by dockerfile-ast. */
export function readDockerfile(file: string): Stage[] {
  const dockerfile = DockerfileParser.parse(readFileSync(file, "utf8"));
  const stages: Stage[] = [];
  for (const instruction of dockerfile.getInstructions()) {
    const step: Step = {
      keyword: instruction.getKeyword(),
      args: instruction.getArguments().map((argument) => argument.getValue()),
      flags:
        instruction instanceof ModifiableInstruction
          ? Object.fromEntries(instruction.getFlags().map((flag) => [flag.getName(), flag.getValue()]))
          : {},
    };
    if (instruction instanceof JSONInstruction && instruction.getJSONStrings().length > 0) {
      step.json = instruction.getJSONStrings().map((value) => value.getJSONValue());
    }
    if (step.keyword === "FROM") {
      const from = dockerfile
        .getFROMs()
        .find((candidate) => candidate.getRange().start.line === instruction.getRange().start.line);
      stages.push({
        name: from?.getBuildStage() ?? null,
        image: from?.getImageName() ?? null,
        tag: from?.getImageTag() ?? null,
        digest: from?.getImageDigest() ?? null,
        steps: [step],
      });
    } else {
      stages.at(-1)?.steps.push(step);
    }
  }
  return stages;
}

/** A RUN step as the shell command it runs. */
export const commandOf = (step: Step) => step.args.join(" ");
