/** Where the renderer's files are served from (swagger-ui-dist, installed with this service). */
export const ASSETS_PREFIX = "/docs/assets/";
/** The renderer's files the page loads; nothing else of the package is served. */
export const SERVED_ASSETS = ["swagger-ui.css", "swagger-ui-bundle.js", "favicon-32x32.png", "favicon-16x16.png"];

/**
 * The page may load nothing but this service's own files and call nothing but this origin (the document and
 * "try it out"); Swagger UI sets inline style attributes, hence 'unsafe-inline' for styles only.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

export const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>DE API gateway</title>
    <link rel="stylesheet" href="${ASSETS_PREFIX}swagger-ui.css" />
    <link rel="icon" type="image/png" sizes="32x32" href="${ASSETS_PREFIX}favicon-32x32.png" />
    <link rel="icon" type="image/png" sizes="16x16" href="${ASSETS_PREFIX}favicon-16x16.png" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${ASSETS_PREFIX}swagger-ui-bundle.js"></script>
    <script src="/docs/start.js"></script>
  </body>
</html>
`;

/** Starts Swagger UI on the merged document; no validator badge (it would call validator.swagger.io). */
export const START_SCRIPT = `window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({
    url: "/openapi.json",
    dom_id: "#swagger-ui",
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: "BaseLayout",
  });
});
`;
