import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { StorageKey, writeStored } from '../common/local-storage';
import { type StoredUser, storedUser } from './request-headers';

export interface SessionState {
  user: StoredUser | null;
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState: (): SessionState => ({ user: storedUser() }),
  reducers: {
    signedIn(state, action: PayloadAction<StoredUser>) {
      state.user = action.payload;
    },
    userUpdated(state, action: PayloadAction<Partial<StoredUser>>) {
      if (state.user) state.user = { ...state.user, ...action.payload };
    },
    signedOut(state) {
      state.user = null;
    },
  },
});

export const { signedIn, userUpdated, signedOut } = sessionSlice.actions;

/** Keeps `localStorage.user` equal to the session, so a reload (or another tab) starts signed in. */
export function persistSession(state: SessionState): void {
  writeStored(StorageKey.user, state.user ? JSON.stringify(state.user) : null);
}

export const ROLE_ADMIN = 10;
export const ROLE_ROOT = 100;

export function isAdmin(user: StoredUser | null): boolean {
  return (user?.role ?? 0) >= ROLE_ADMIN;
}

export function isRoot(user: StoredUser | null): boolean {
  return (user?.role ?? 0) >= ROLE_ROOT;
}
