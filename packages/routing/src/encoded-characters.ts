import { readFileSync } from "node:fs";
import { parse } from "yaml";

/** Traefik's entrypoint options `http.encodedCharacters.*` and the escapes each one lets through. */
export const ENCODED_CHARACTER_OPTIONS = {
  allowEncodedSlash: "%2F",
  allowEncodedBackSlash: "%5C",
  allowEncodedNullCharacter: "%00",
  allowEncodedSemicolon: "%3B",
  allowEncodedPercent: "%25",
  allowEncodedQuestionMark: "%3F",
  allowEncodedHash: "%23",
} as const;

export type EncodedCharacterOption = keyof typeof ENCODED_CHARACTER_OPTIONS;
export type EncodedCharacterPolicy = Record<EncodedCharacterOption, boolean>;

/** Traefik's defaults since v3.6.7: every option true, nothing refused unless configured. */
export const TRAEFIK_DEFAULT_POLICY: EncodedCharacterPolicy = {
  allowEncodedSlash: true,
  allowEncodedBackSlash: true,
  allowEncodedNullCharacter: true,
  allowEncodedSemicolon: true,
  allowEncodedPercent: true,
  allowEncodedQuestionMark: true,
  allowEncodedHash: true,
};

export interface EntryPointSettings {
  policy: EncodedCharacterPolicy;
  sanitizePath: boolean;
}

type StaticConfig = {
  entryPoints?: Record<
    string,
    { http?: { encodedCharacters?: Partial<EncodedCharacterPolicy>; sanitizePath?: boolean } }
  >;
};

/** The path-handling settings of one entrypoint of a Traefik static configuration file. */
export function readEntryPointSettings(staticConfigFile: string, entryPoint = "web"): EntryPointSettings {
  const config = parse(readFileSync(staticConfigFile, "utf8")) as StaticConfig | null;
  const http = config?.entryPoints?.[entryPoint]?.http;
  if (!config?.entryPoints?.[entryPoint]) {
    throw new Error(`${staticConfigFile} has no entrypoint "${entryPoint}"`);
  }
  return {
    policy: { ...TRAEFIK_DEFAULT_POLICY, ...http?.encodedCharacters },
    sanitizePath: http?.sanitizePath ?? true,
  };
}

/** The first escape in the path that the policy refuses (Traefik answers 400), if any. */
export function refusedEscape(path: string, policy: EncodedCharacterPolicy): string | undefined {
  const refused = new Set<string>(
    (Object.keys(ENCODED_CHARACTER_OPTIONS) as EncodedCharacterOption[])
      .filter((option) => !policy[option])
      .map((option) => ENCODED_CHARACTER_OPTIONS[option]),
  );
  return path.match(/%[0-9A-Fa-f]{2}/g)?.find((encoded) => refused.has(encoded.toUpperCase()));
}
