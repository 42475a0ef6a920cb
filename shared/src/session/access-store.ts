import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';

export interface AccessRights {
  read_access: boolean;
  write_access: boolean;
  /** The combined flag a page guard reads. */
  access: boolean;
}

export interface AccessState extends AccessRights {
  setReadAccess: (value: boolean) => void;
  setWriteAccess: (value: boolean) => void;
  setRights: (rights: AccessRights) => void;
  reset: () => void;
}

const ALL_GRANTED: AccessRights = { read_access: true, write_access: true, access: true };

/**
 * SPEC §4 "Access rights": all start true; setting read or write access also sets the combined
 * flag to the same value; reset grants all three again.
 */
export const accessStore = createStore<AccessState>()((set) => ({
  ...ALL_GRANTED,
  setReadAccess: (value) => set({ read_access: value, access: value }),
  setWriteAccess: (value) => set({ write_access: value, access: value }),
  setRights: (rights) => set(rights),
  reset: () => set(ALL_GRANTED),
}));

export function useAccess<T>(selector: (state: AccessState) => T): T {
  return useStore(accessStore, selector);
}
