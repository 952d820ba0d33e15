export { type Mail, MailConfig, Mailer, type MailSettings } from "./mailer.js";
