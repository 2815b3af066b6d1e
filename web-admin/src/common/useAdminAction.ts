import { useMutation } from '@tanstack/react-query';
import { useLogoutIfAccessDenied, useRefresh } from 'react-admin';
import { dataProvider, type AdminDataProvider } from '../dataProvider.ts';

/**
 * One of the console's explicit actions (approve, reject, replay …), pessimistic: the screen changes
 * once the API has agreed, then every list and record is read again. An ended session takes the
 * logged-out path instead of a failure toast. (The provider is called directly: react-admin's
 * `useDataProvider` would answer a logged-out call with an empty `{data}`, which is no action's answer.)
 */
export function useAdminAction<Args, Result>(options: {
  run: (dataProvider: AdminDataProvider, args: Args) => Promise<Result>;
  onSuccess: (result: Result, args: Args) => void;
  onFailure: (error: unknown, args: Args) => void;
}) {
  const refresh = useRefresh();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  return useMutation({
    mutationFn: (args: Args) => options.run(dataProvider, args),
    onSuccess: (result, args) => {
      options.onSuccess(result, args);
      refresh();
    },
    onError: async (error, args) => {
      if (await logoutIfAccessDenied(error)) return;
      options.onFailure(error, args);
    },
  });
}
