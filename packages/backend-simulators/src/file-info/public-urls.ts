import { baseName } from "./paths.js";

/** Where the simulated platform serves anonymously readable files and ticketed downloads from. */
export const ANON_FILES_BASE_URL = "https://anon.platform.example.org";
export const KIFSHARE_BASE_URL = "https://share.platform.example.org";

const encodedPath = (path: string) => path.split("/").map(encodeURIComponent).join("/");

/** The anonymous download URL of a file (data-info's anon-files URL). */
export const anonFileUrl = (path: string) => `${ANON_FILES_BASE_URL}${encodedPath(path)}`;

/** A ticket's download and download-page URLs (data-info's kifshare templates). */
export const ticketUrls = (ticketId: string, path: string) => ({
  "download-url": `${KIFSHARE_BASE_URL}/d/${ticketId}/${encodeURIComponent(baseName(path))}`,
  "download-page-url": `${KIFSHARE_BASE_URL}/${ticketId}`,
});
