import ky from 'ky';

/**
 * The one ky instance (placeholder until the web-app issue fills in the refresh hooks):
 * same origin, credentials included, JSON Accept, bearer from localStorage `token`.
 */
export const api = ky.create({
  prefixUrl: '/api',
  credentials: 'include',
  headers: { Accept: 'application/json' },
  retry: 0,
  timeout: false,
  hooks: {
    beforeRequest: [
      (request) => {
        const token = typeof localStorage !== 'undefined' ? localStorage.getItem('token') : null;
        if (token) request.headers.set('Authorization', `Bearer ${token}`);
      },
    ],
  },
});
