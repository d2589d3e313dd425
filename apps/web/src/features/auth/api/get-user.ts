import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE_USER_MS, type UserDto } from '@drop/shared';
import { api } from '../../../lib/api-client.ts';
import { authKeys } from './keys.ts';

export const getUser = (redirectOn401 = true) => api.get<UserDto>('/auth/user', undefined, { redirectOn401 });

export const getUserQueryOptions = () => queryOptions({ queryKey: authKeys.user, queryFn: () => getUser(), staleTime: CACHE_USER_MS });

export const useUser = (enabled = true) => useQuery({ ...getUserQueryOptions(), enabled });
