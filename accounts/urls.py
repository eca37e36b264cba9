from django.contrib.auth import views as auth_views
from django.urls import include, path

from . import views

urlpatterns = [
    path("signup/", views.signup, name="signup"),
    path("bot/", views.bot_settings, name="bot_settings"),
    path("confirm/resend/", views.resend_confirmation, name="resend_confirmation"),
    path("confirm/<str:token>/", views.confirm_email, name="confirm_email"),
    path("login/", auth_views.LoginView.as_view(redirect_authenticated_user=True), name="login"),
    path("reset/<uidb64>/<token>/", views.PasswordResetConfirm.as_view(), name="password_reset_confirm"),
    path("", include("django.contrib.auth.urls")),
]
