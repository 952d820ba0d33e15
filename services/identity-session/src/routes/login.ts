import { ErrorBody } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { bootstrap } from "../bootstrap.js";
import { loginAddress } from "../caller-address.js";
import type { PreferenceSettings } from "../user-preferences.js";

const IpAddress = Type.Optional(
  Type.String({
    description:
      "the IP address the user connects from (IPv4 or IPv6); without it, the address the request came from (the first X-Forwarded-For entry the front router set, else the connection's)",
  }),
);
const Section = (description: string) => Type.Object({}, { additionalProperties: true, description });
const BootstrapResult = Type.Object({
  user_info: Type.Object({
    username: Type.String(),
    full_username: Type.String(),
    email: Type.String(),
    first_name: Type.String(),
    last_name: Type.String(),
  }),
  session: Section("{login_time, auth_redirect}, or {error} when the login could not be recorded"),
  workspace: Section("{workspace_id, new_workspace}, or {status, error} when the apps backend failed"),
  apps_info: Section(
    "{webhooks}: the caller's webhooks (the web client's preferences page shows them), or {status, error}",
  ),
  data_info: Section("{user_home_path, user_trash_path, base_trash_path}, or {status, error}"),
  preferences: Section("the preferences (output folders as default_output_folder, system_default_output_dir)"),
});
const errors = { 400: ErrorBody, 401: ErrorBody };

/**
 * The login lifecycle: bootstrap records the login with the apps backend; logout is recorded in this service's log,
 * since the apps backend keeps no logout times (it dropped `POST /users/logout` and the column in 2024, 7de4910).
 */
export const loginRoutes: FastifyPluginAsyncTypebox<{ settings: PreferenceSettings }> = async (app, { settings }) => {
  app.get(
    "/secured/bootstrap",
    {
      schema: {
        summary: "Record the login and gather what the client needs to start",
        querystring: Type.Object({ "ip-address": IpAddress }),
        response: { 200: BootstrapResult, ...errors },
      },
    },
    async (request) => {
      return bootstrap(request, loginAddress(request, request.query["ip-address"]), settings);
    },
  );
  app.get(
    "/secured/logout",
    {
      schema: {
        summary: "Record the end of the session bootstrap began",
        description:
          "Logged by this service as a `logout` line with the user, the login time and the address: the apps backend, which keeps the login records, keeps no logout times since 2024.",
        querystring: Type.Object({
          "ip-address": IpAddress,
          "login-time": Type.Integer({ minimum: 0, description: "session.login_time from the bootstrap result" }),
        }),
        response: { 200: Type.Object({}), ...errors },
      },
    },
    async (request) => {
      const ipAddress = loginAddress(request, request.query["ip-address"]);
      request.log.info(
        { logout: { user: request.user.username, login_time: request.query["login-time"], ip_address: ipAddress } },
        "logout",
      );
      return {};
    },
  );
};
