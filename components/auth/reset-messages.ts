export const RESET_CONFIRMATION = 'If an account exists for that username, we have sent instructions to reset its password.';
