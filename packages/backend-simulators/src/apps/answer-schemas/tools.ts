import { Type } from "typebox";
import { Uuid } from "./common.js";

// The apps service's tool answers: common-swagger-api src/common_swagger_api/schema/tools.clj (tools, listings),
// schema/tools/admin.clj (imported ids) and schema/containers.clj (container settings and images); the GPU models
// are cyverse-de/apps src/apps/routes/schemas/containers.clj `GpuModels`.

/** containers.clj `Image`; a listing shows it without its `id`. */
const imageFields = {
  name: Type.String(),
  tag: Type.Optional(Type.String()),
  url: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  deprecated: Type.Optional(Type.Boolean()),
  auth: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  osg_image_path: Type.Optional(Type.Union([Type.String(), Type.Null()])),
};

/** containers.clj `Settings` (every setting optional); the container's `id` is added where it is required. */
const settingsFields = {
  cpu_shares: Type.Optional(Type.Integer()),
  pids_limit: Type.Optional(Type.Integer()),
  memory_limit: Type.Optional(Type.Integer()),
  min_memory_limit: Type.Optional(Type.Integer()),
  min_cpu_cores: Type.Optional(Type.Number()),
  max_cpu_cores: Type.Optional(Type.Number()),
  min_gpus: Type.Optional(Type.Integer()),
  max_gpus: Type.Optional(Type.Integer()),
  min_disk_space: Type.Optional(Type.Integer()),
  gpu_models: Type.Optional(Type.Array(Type.String())),
  network_mode: Type.Optional(Type.String()),
  working_directory: Type.Optional(Type.String()),
  name: Type.Optional(Type.String()),
  entrypoint: Type.Optional(Type.String()),
  skip_tmp_mount: Type.Optional(Type.Boolean()),
  uid: Type.Optional(Type.Integer()),
};

const HostMount = Type.Object({ host_path: Type.String(), container_path: Type.String(), id: Uuid });

/** containers.clj `ToolContainer`: the settings with their id, devices, volumes, ports and the image with its id. */
const ToolContainer = Type.Object({
  ...settingsFields,
  id: Uuid,
  container_devices: Type.Optional(Type.Array(HostMount)),
  container_volumes: Type.Optional(Type.Array(HostMount)),
  container_volumes_from: Type.Optional(
    Type.Array(
      Type.Object({ ...imageFields, id: Uuid, name_prefix: Type.String(), read_only: Type.Optional(Type.Boolean()) }),
    ),
  ),
  container_ports: Type.Optional(
    Type.Array(
      Type.Object({
        id: Uuid,
        host_port: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
        container_port: Type.Integer(),
        bind_to_host: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
      }),
    ),
  ),
  interactive_apps: Type.Optional(Type.Object({ id: Uuid, image: Type.String(), name: Type.String() })),
  image: Type.Object({ ...imageFields, id: Uuid }),
});

/** tools.clj `Tool`. */
export const toolFields = {
  id: Uuid,
  name: Type.String(),
  description: Type.Optional(Type.String()),
  attribution: Type.Optional(Type.String()),
  location: Type.Optional(Type.String()),
  version: Type.String(),
  type: Type.String(),
  restricted: Type.Optional(Type.Boolean()),
  time_limit_seconds: Type.Optional(Type.Integer()),
  interactive: Type.Optional(Type.Boolean()),
};

/** tools.clj `ToolImplementor`. */
const implementorFields = { implementor: Type.String(), implementor_email: Type.String() };

/** tools.clj `ToolDetails`. */
export const ToolDetails = Type.Object({
  ...toolFields,
  is_public: Type.Boolean(),
  permission: Type.String(),
  implementation: Type.Object({
    ...implementorFields,
    test: Type.Object({
      params: Type.Optional(Type.Array(Type.String())),
      input_files: Type.Array(Type.String()),
      output_files: Type.Array(Type.String()),
    }),
  }),
  container: ToolContainer,
});

/** tools.clj `ToolListingItem`: the implementor without test data, the container as its image and settings. */
const ToolListingItem = Type.Object({
  ...toolFields,
  is_public: Type.Boolean(),
  permission: Type.String(),
  implementation: Type.Object(implementorFields),
  container: Type.Object({ ...settingsFields, image: Type.Object(imageFields) }),
  tool_request: Type.Optional(Type.Object({ id: Uuid, status: Type.String() })),
});

/** tools.clj `ToolListing`. */
export const ToolListing = Type.Object({ tools: Type.Array(ToolListingItem), total: Type.Integer() });

/** tools/admin.clj `ToolIdsList`. */
export const ToolIdsList = Type.Object({ tool_ids: Type.Array(Uuid) });

/** apps routes/schemas/containers.clj `GpuModels`. */
export const GpuModels = Type.Object({ gpu_models: Type.Array(Type.String()) });
