/** The user as the profile endpoints return it. */
export interface User {
  id: number;
  email: string;
  username: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  photo_url: string | null;
  is_active: boolean;
  is_email_verified: boolean;
  is_phone_verified: boolean;
}

export interface LoginAnswer {
  access: string;
  refresh: string;
  user: User;
}

export type AuthStatus = 'unknown' | 'guest' | 'authenticated';
