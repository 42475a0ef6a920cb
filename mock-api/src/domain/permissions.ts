import type { AccessRights, Permission } from '@loyalty/shared/api';

/** docs/product/frame.md, the whole table. Each permission name governs its paths. */
export const PERMISSION_CATALOGUE: Permission[] = [
  { name: 'user_management', type: 'full_access', path: '/dashboard/user' },
  { name: 'user_management', type: 'write_access', path: '/dashboard/user/new' },
  { name: 'user_management', type: 'write_access', path: '/dashboard/user/{id}/edit' },
  { name: 'role_management', type: 'full_access', path: '/dashboard/role' },
  { name: 'role_management', type: 'write_access', path: '/dashboard/role/new' },
  { name: 'role_management', type: 'write_access', path: '/dashboard/role/{id}/edit' },
];

/** Which permission names each role holds. Members manage their own user pages, not roles. */
const ROLE_GRANTS: Record<string, string[]> = {
  member: ['user_management'],
  admin: ['user_management', 'role_management'],
};

export function permissionsOf(role: string): Permission[] {
  const granted = new Set(ROLE_GRANTS[role] ?? []);
  return PERMISSION_CATALOGUE.filter((permission) => granted.has(permission.name));
}

function matches(permission: Permission, path: string): boolean {
  const pattern = permission.path
    .split('/')
    .map((segment) => (segment === '{id}' ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  // full_access covers the path and everything below it; write_access exactly its path.
  const suffix = permission.type === 'full_access' ? '(?:/.*)?' : '/?';
  return new RegExp(`^${pattern}${suffix}$`).test(path);
}

/**
 * A path that no permission governs is open to every signed-in member (docs/product/frame.md: only signed-in
 * is enforced at route level). A governed path needs the role to hold a matching permission:
 * full_access gives read and write, write_access gives write (and read).
 */
export function checkAccess(role: string, rawPath: string): AccessRights {
  const path = rawPath.split(/[?#]/)[0]!.replace(/\/+$/, '') || '/';
  const governing = PERMISSION_CATALOGUE.filter((permission) => matches(permission, path));
  if (governing.length === 0) return { access: true, read_access: true, write_access: true };
  const held = permissionsOf(role).filter((permission) => matches(permission, path));
  const allowed = held.length > 0;
  return { access: allowed, read_access: allowed, write_access: allowed };
}
