import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { signedIn } from '../../app/session-slice';
import { showSuccess } from '../../common/notify';
import i18n from '../../i18n';
import type { SignedInUser } from './auth-api';

/** Keeps only the fields the console stores (spec §4 "Login"), whatever else the answer holds. */
export function storedFields(user: SignedInUser): SignedInUser {
  const { id, username, display_name, role, status, group } = user;
  return { id, username, display_name, role, status, group };
}

/**
 * Ends every sign-in the same way: the user is stored (later calls send their id), the user is
 * told, and the console opens `to`.
 */
export function useFinishSignIn() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(
    (user: SignedInUser, to: string) => {
      dispatch(signedIn(storedFields(user)));
      showSuccess(i18n.t('auth:messages.signedIn'));
      navigate(to, { replace: true });
    },
    [dispatch, navigate],
  );
}
