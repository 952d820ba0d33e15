import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";

/** One entry of a JSON:API `errors` array, as DataCite answers refusals. */
interface ErrorEntry {
  status: string;
  title: string;
  source?: string;
}

export class DataciteError extends Error {
  readonly entries: ErrorEntry[];

  constructor(
    readonly statusCode: number,
    problems: ReadonlyArray<{ title: string; source?: string }>,
  ) {
    super(problems.map((problem) => problem.title).join("; "));
    this.entries = problems.map((problem) => ({ status: String(statusCode), ...problem }));
  }
}

export const badCredentials = () => new DataciteError(401, [{ title: "Bad credentials." }]);
export const notAuthorized = () =>
  new DataciteError(403, [{ title: "You are not authorized to access this resource." }]);
export const notFound = () => new DataciteError(404, [{ title: "The resource you are looking for doesn't exist." }]);
export const unprocessable = (problems: ReadonlyArray<{ title: string; source?: string }>) =>
  new DataciteError(422, problems);

/** Route option: refusals and schema violations answer `{errors: [{status, title, source?}]}`. */
export const dataciteErrors = {
  errorHandler(error: FastifyError | DataciteError, _request: FastifyRequest, reply: FastifyReply) {
    if (error instanceof DataciteError) return reply.code(error.statusCode).send({ errors: error.entries });
    const status = error.statusCode ?? 500;
    return reply.code(status).send({ errors: [{ status: String(status), title: error.message }] });
  },
};
