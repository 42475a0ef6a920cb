import * as v from 'valibot';

/** docs/product/frame.md "Permission": a type and a name, here with the path it governs. */
export const PermissionSchema = v.object({
  name: v.string(),
  type: v.picklist(['full_access', 'write_access']),
  /** A route; `{id}` stands for any single segment. */
  path: v.string(),
});
export type Permission = v.InferOutput<typeof PermissionSchema>;

export const RolePermissionsResponseSchema = v.object({
  data: v.object({ role: v.string(), permissions: v.array(PermissionSchema) }),
});
export type RolePermissionsResponse = v.InferOutput<typeof RolePermissionsResponseSchema>;

export const CheckPermissionsRequestSchema = v.object({
  path: v.pipe(
    v.string('validation.path_required'),
    v.nonEmpty('validation.path_required'),
    v.maxLength(300, 'validation.value_invalid'),
    v.startsWith('/', 'validation.value_invalid'),
  ),
});
export type CheckPermissionsRequest = v.InferInput<typeof CheckPermissionsRequestSchema>;

/** docs/product/frame.md "Access rights". */
export const AccessRightsSchema = v.object({
  access: v.boolean(),
  read_access: v.boolean(),
  write_access: v.boolean(),
});
export type AccessRights = v.InferOutput<typeof AccessRightsSchema>;

export const CheckPermissionsResponseSchema = v.object({ data: AccessRightsSchema });
export type CheckPermissionsResponse = v.InferOutput<typeof CheckPermissionsResponseSchema>;
