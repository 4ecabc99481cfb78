import type { RouteObject } from 'react-router';

// Members: the directory and public profiles (public), own profile, connections, messages (login).
export const communityPublicRoutes: RouteObject[] = [];
export const communityMemberRoutes: RouteObject[] = [];
