import { useDispatch, useSelector } from 'react-redux';
import type { AppDispatch, RootState } from './store';
import type { StoredUser } from './request-headers';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

/** The signed-in user, or null. */
export function useCurrentUser(): StoredUser | null {
  return useAppSelector((state) => state.session.user);
}
