/** The parts of the apps backend's tool-request details that mail and notifications describe. */
export interface ToolRequestDetails {
  id?: string;
  submitted_by?: string;
  name?: string;
  description?: string;
  version?: string;
  attribution?: string;
  source_url?: string;
  documentation_url?: string;
  test_data_path?: string;
  cmd_line?: string;
  architecture?: string;
  multithreaded?: boolean;
  additional_info?: string;
  history?: Array<{ status?: string; comments?: string }>;
}

export const latestStatus = (details: ToolRequestDetails) => details.history?.at(-1) ?? {};
