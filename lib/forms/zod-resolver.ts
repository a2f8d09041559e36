import { zodResolver as hookformZodResolver } from '@hookform/resolvers/zod';
import '@/lib/schemas/zod-config';

/**
 * react-hook-form's zod resolver, for every form of the app. Importing it from here configures zod for our
 * Content-Security-Policy (jitless), so zod loads with the forms that use it rather than with every page.
 * zod reads that setting when a schema is built: a form imports this module before its schemas.
 */
export const zodResolver = hookformZodResolver;
