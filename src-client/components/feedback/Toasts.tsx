import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import './Toasts.css';

// Mantine's toast area with its styles (and readable message text, Toasts.css): loaded by LazyNotifications with the first toast.
export { Notifications } from '@mantine/notifications';
